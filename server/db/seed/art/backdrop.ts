/**
 * The studio set behind an arrangement: a paper-textured wall in a soft tone, an arch or a sun disc framing the
 * flowers, a table top, and the soft contact shadow that makes things stand on it.
 */
import type { Random } from './prng';
import { darken, lighten, mix, n, type Defs } from './svg';

export const cream = '#FBF7F2';

export function wall(d: Defs, r: Random, tone: string, width: number, height: number, floorY: number): string {
  const wallFill = d.linear([
    { offset: 0, color: mix(cream, tone, 0.35) },
    { offset: 1, color: mix(cream, tone, 0.8) },
  ]);
  const floorFill = d.linear([
    { offset: 0, color: darken(tone, 0.06) },
    { offset: 1, color: mix(tone, cream, 0.3) },
  ]);
  const glow = d.radial(
    [
      { offset: 0, color: '#ffffff', opacity: 0.55 },
      { offset: 1, color: '#ffffff', opacity: 0 },
    ],
    { cx: 0.5, cy: 0.5, r: 0.5 },
  );
  let out = `<rect width="${width}" height="${height}" fill="${wallFill}"/>`;
  out += `<ellipse cx="${n(width * 0.35)}" cy="${n(height * 0.28)}" rx="${n(width * 0.55)}" ry="${n(height * 0.45)}" fill="${glow}"/>`;
  out += `<rect y="${n(floorY)}" width="${width}" height="${n(height - floorY)}" fill="${floorFill}"/>`;
  out += `<rect y="${n(floorY)}" width="${width}" height="3" fill="${lighten(tone, 0.4)}" fill-opacity=".6" stroke-opacity=".6"/>`;
  out += speckles(r, tone, width, height, Math.round((width * height) / 4500));
  return out;
}

/** Paper grain: two paths of tiny dots rasterise far faster than a turbulence filter or hundreds of elements. */
export function speckles(r: Random, tone: string, width: number, height: number, count: number): string {
  const dots = ['', ''];
  for (let i = 0; i < count; i += 1) {
    const x = r.range(0, width);
    const y = r.range(0, height);
    const radius = r.range(0.6, 1.8);
    dots[i % 2] += `M${n(x - radius)} ${n(y)}a${n(radius)} ${n(radius)} 0 1 0 ${n(radius * 2)} 0a${n(radius)} ${n(radius)} 0 1 0 ${n(-radius * 2)} 0`;
  }
  return (
    `<path d="${dots[0]}" fill="${darken(tone, 0.35)}" fill-opacity=".14"/>` +
    `<path d="${dots[1]}" fill="${lighten(tone, 0.6)}" fill-opacity=".2"/>`
  );
}

export function arch(d: Defs, tone: string, cx: number, top: number, width: number, bottom: number): string {
  const half = width / 2;
  const fill = d.linear([
    { offset: 0, color: lighten(tone, 0.35) },
    { offset: 1, color: lighten(tone, 0.1) },
  ]);
  return `<path d="M${n(cx - half)} ${n(bottom)}L${n(cx - half)} ${n(top + half)}A${n(half)} ${n(half)} 0 0 1 ${n(cx + half)} ${n(top + half)}L${n(cx + half)} ${n(bottom)}Z" fill="${fill}" fill-opacity=".75" stroke-opacity=".75"/>`;
}

export function disc(d: Defs, tone: string, cx: number, cy: number, radius: number): string {
  const fill = d.radial([
    { offset: 0, color: lighten(tone, 0.45) },
    { offset: 0.8, color: lighten(tone, 0.2) },
    { offset: 1, color: lighten(tone, 0.15), opacity: 0 },
  ]);
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${fill}" fill-opacity=".8" stroke-opacity=".8"/>`;
}

export function shadow(d: Defs, cx: number, cy: number, width: number): string {
  const soft = d.radial([
    { offset: 0, color: '#2B2B2B', opacity: 0.32 },
    { offset: 1, color: '#2B2B2B', opacity: 0 },
  ]);
  const cast = d.radial([
    { offset: 0, color: '#2B2B2B', opacity: 0.12 },
    { offset: 1, color: '#2B2B2B', opacity: 0 },
  ]);
  return (
    `<ellipse cx="${n(cx + width * 0.55)}" cy="${n(cy + 4)}" rx="${n(width * 1.25)}" ry="${n(width * 0.16)}" fill="${cast}"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(width * 0.75)}" ry="${n(Math.max(10, width * 0.09))}" fill="${soft}"/>`
  );
}
