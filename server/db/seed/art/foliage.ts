/**
 * Stems, leaves and the airy fillers of an arrangement. Every piece grows from the origin upwards (towards -y) and is
 * rotated into place by the composer.
 */
import type { Random } from './prng';
import { darken, lighten, n, type Defs } from './svg';

export type FillerKind = 'leaf' | 'eucalyptus' | 'pampas' | 'bunnyTail' | 'gypsophila' | 'wheat' | 'palm' | 'fern';
export type Filler = (d: Defs, r: Random, color: string, length: number) => string;

interface Point {
  x: number;
  y: number;
}

/** A gently bending stem: point and direction at t ∈ [0, 1] along it. */
function spine(length: number, bend: number): { at: (t: number) => Point; angle: (t: number) => number; path: string } {
  const at = (t: number): Point => ({ x: bend * length * t * t, y: -length * t });
  const angle = (t: number): number => (Math.atan2(2 * bend * length * t, length) * 180) / Math.PI;
  const mid = { x: 0, y: -length * 0.5 };
  const end = at(1);
  return { at, angle, path: `M0 0Q${n(mid.x)} ${n(mid.y)} ${n(end.x)} ${n(end.y)}` };
}

function almond(length: number, width: number): string {
  return `M0 0Q${n(width)} ${n(-length * 0.5)} 0 ${n(-length)}Q${n(-width)} ${n(-length * 0.5)} 0 0Z`;
}

export function stem(from: Point, to: Point, color: string, width: number, sway: number): string {
  const cx = (from.x + to.x) / 2 + sway;
  const cy = (from.y + to.y) / 2;
  return `<path d="M${n(from.x)} ${n(from.y)}Q${n(cx)} ${n(cy)} ${n(to.x)} ${n(to.y)}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round"/>`;
}

export const leaf: Filler = (d, r, color, length) => {
  const s = spine(length, r.range(-0.25, 0.25));
  const fill = d.linear(
    [
      { offset: 0, color: lighten(color, 0.25) },
      { offset: 1, color: darken(color, 0.15) },
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  let out = `<path d="${s.path}" fill="none" stroke="${darken(color, 0.2)}" stroke-width="3"/>`;
  const count = Math.max(4, Math.round(length / 38));
  for (let i = 1; i <= count; i += 1) {
    const t = i / (count + 0.6);
    const p = s.at(t);
    const side = i % 2 === 0 ? 1 : -1;
    const size = length * 0.2 * (1.1 - t * 0.5);
    out += `<path d="${almond(size, size * 0.32)}" transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(s.angle(t) + side * r.range(38, 55))})" fill="${fill}"/>`;
    out += `<path d="M0 0L0 ${n(-size * 0.9)}" transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(s.angle(t) + side * 46)})" stroke="${lighten(color, 0.35)}" stroke-width="1" fill-opacity=".5" stroke-opacity=".5"/>`;
  }
  const tip = s.at(1);
  out += `<path d="${almond(length * 0.16, length * 0.05)}" transform="translate(${n(tip.x)} ${n(tip.y)}) rotate(${n(s.angle(1))})" fill="${fill}"/>`;
  return out;
};

export const fern: Filler = (d, r, color, length) => {
  const s = spine(length, r.range(-0.3, 0.3));
  let out = `<path d="${s.path}" fill="none" stroke="${darken(color, 0.2)}" stroke-width="2.5"/>`;
  const count = Math.round(length / 16);
  for (let i = 2; i <= count; i += 1) {
    const t = i / (count + 1);
    const p = s.at(t);
    const size = length * 0.16 * Math.sin(Math.PI * (1 - t * 0.85));
    for (const side of [-1, 1]) {
      out += `<path d="${almond(size, size * 0.18)}" transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(s.angle(t) + side * 62)})" fill="${side > 0 ? color : darken(color, 0.1)}"/>`;
    }
  }
  return out;
};

export const eucalyptus: Filler = (d, r, color, length) => {
  const s = spine(length, r.range(-0.3, 0.3));
  const fill = d.radial(
    [
      { offset: 0, color: lighten(color, 0.3) },
      { offset: 1, color: darken(color, 0.08) },
    ],
    { cx: 0.35, cy: 0.35, r: 0.75 },
  );
  let out = `<path d="${s.path}" fill="none" stroke="${darken(color, 0.35)}" stroke-width="2.5"/>`;
  const count = Math.max(4, Math.round(length / 34));
  for (let i = 1; i <= count; i += 1) {
    const t = i / (count + 0.4);
    const p = s.at(t);
    const radius = length * 0.075 * (1.15 - t * 0.55);
    const side = i % 2 === 0 ? 1 : -1;
    const dx = side * radius * 0.75;
    out += `<circle cx="${n(p.x + dx)}" cy="${n(p.y)}" r="${n(radius)}" fill="${fill}" stroke="${darken(color, 0.25)}" stroke-width="1" stroke-opacity=".4"/>`;
  }
  return out;
};

/** A feathery pampas plume: a soft body, then fine hairs combed away from the spine. */
export const pampas: Filler = (d, r, color, length) => {
  const s = spine(length, r.range(-0.22, 0.22));
  let out = `<path d="${s.path}" fill="none" stroke="${darken(color, 0.25)}" stroke-width="3"/>`;
  const body = d.radial(
    [
      { offset: 0, color: lighten(color, 0.1), opacity: 0.85 },
      { offset: 1, color, opacity: 0 },
    ],
    { r: 0.5 },
  );
  const startT = 0.38;
  for (let i = 0; i < 7; i += 1) {
    const t = startT + ((1 - startT) * (i + 0.5)) / 7;
    const p = s.at(t);
    const w = length * 0.11 * Math.sin(Math.PI * Math.min(1, (t - startT) / (1 - startT) * 0.9 + 0.1));
    out += `<ellipse cx="${n(p.x)}" cy="${n(p.y)}" rx="${n(w)}" ry="${n(length * 0.09)}" fill="${body}"/>`;
  }
  const hairs = Math.round(length / 5);
  const hairColors = [lighten(color, 0.3), color, darken(color, 0.12)];
  for (let i = 0; i < hairs; i += 1) {
    const t = r.range(startT, 1);
    const p = s.at(t);
    const side = r.chance(0.5) ? 1 : -1;
    const envelope = Math.sin(Math.PI * Math.min(1, ((t - startT) / (1 - startT)) * 0.92 + 0.08));
    const len = length * 0.13 * envelope * r.range(0.6, 1.1);
    const a = ((s.angle(t) + side * r.range(12, 40)) * Math.PI) / 180;
    const x2 = p.x + Math.sin(a) * len;
    const y2 = p.y - Math.cos(a) * len;
    out += `<path d="M${n(p.x)} ${n(p.y)}L${n(x2)} ${n(y2)}" stroke="${r.pick(hairColors)}" stroke-width="${n(r.range(1.6, 3.2))}" stroke-linecap="round" fill-opacity="${n(r.range(0.45, 0.8))}" stroke-opacity="${n(r.range(0.45, 0.8))}"/>`;
  }
  return out;
};

export const bunnyTail: Filler = (d, r, color, length) => {
  const s = spine(length, r.range(-0.15, 0.15));
  const tip = s.at(1);
  const rx = length * 0.055;
  const ry = length * 0.11;
  const fill = d.radial(
    [
      { offset: 0, color: lighten(color, 0.35) },
      { offset: 0.75, color },
      { offset: 1, color: darken(color, 0.1) },
    ],
    { cx: 0.4, cy: 0.35, r: 0.7 },
  );
  return (
    `<path d="${s.path}" fill="none" stroke="${darken('#B9A77E', 0.1)}" stroke-width="2.2"/>` +
    `<g transform="translate(${n(tip.x)} ${n(tip.y - ry * 0.8)}) rotate(${n(s.angle(1))})">` +
    `<ellipse rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" stroke="${lighten(color, 0.2)}" stroke-width="${n(rx * 0.45)}" stroke-dasharray="1.5 3" stroke-linecap="round" stroke-opacity=".85"/>` +
    `</g>`
  );
};

export const gypsophila: Filler = (_d, r, color, length) => {
  let stems = '';
  let flowers = '';
  let shade = '';
  const branches = r.int(3, 5);
  for (let b = 0; b < branches; b += 1) {
    const a = (r.range(-28, 28) * Math.PI) / 180;
    const len = length * r.range(0.65, 1);
    const x = Math.sin(a) * len;
    const y = -Math.cos(a) * len;
    stems += `M0 0Q${n(x * 0.2)} ${n(y * 0.6)} ${n(x)} ${n(y)}`;
    // A cloud of tiny florets: one path per tone keeps the rasteriser fast.
    const dots = r.int(9, 14);
    for (let i = 0; i < dots; i += 1) {
      const da = r.range(0, Math.PI * 2);
      const dr = Math.sqrt(r.next()) * length * 0.09;
      const cx = x + Math.cos(da) * dr;
      const cy = y + Math.sin(da) * dr * 0.8;
      const radius = r.range(2.6, 4.2);
      const dot = `M${n(cx - radius)} ${n(cy)}a${n(radius)} ${n(radius)} 0 1 0 ${n(radius * 2)} 0a${n(radius)} ${n(radius)} 0 1 0 ${n(-radius * 2)} 0`;
      if (r.chance(0.3)) shade += dot;
      else flowers += dot;
    }
  }
  return (
    `<path d="${stems}" fill="none" stroke="#8C9A6A" stroke-width="1.4"/>` +
    `<path d="${shade}" fill="${darken(color, 0.12)}" stroke="${darken(color, 0.25)}" stroke-width=".8"/>` +
    `<path d="${flowers}" fill="${color}" stroke="${darken(color, 0.18)}" stroke-width=".8"/>`
  );
};

export const wheat: Filler = (d, r, color, length) => {
  const s = spine(length, r.range(-0.2, 0.2));
  let out = `<path d="${s.path}" fill="none" stroke="${darken(color, 0.2)}" stroke-width="2.2"/>`;
  const grain = d.linear([
    { offset: 0, color: lighten(color, 0.3) },
    { offset: 1, color: darken(color, 0.12) },
  ]);
  const count = 9;
  for (let i = 0; i < count; i += 1) {
    const t = 0.62 + (0.38 * i) / count;
    const p = s.at(t);
    for (const side of [-1, 1]) {
      out += `<ellipse cx="0" cy="${n(-length * 0.03)}" rx="${n(length * 0.014)}" ry="${n(length * 0.032)}" transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(s.angle(t) + side * 24)})" fill="${grain}"/>`;
    }
  }
  const tip = s.at(1);
  out += `<ellipse cy="${n(-length * 0.03)}" rx="${n(length * 0.013)}" ry="${n(length * 0.032)}" transform="translate(${n(tip.x)} ${n(tip.y)}) rotate(${n(s.angle(1))})" fill="${grain}"/>`;
  return out;
};

/** A dried palm spear: a fan of pleated blades, the classic sculptural note of a dried arrangement. */
export const palm: Filler = (d, r, color, length) => {
  const s = spine(length * 0.55, r.range(-0.1, 0.1));
  const head = s.at(1);
  const blades = r.int(9, 13);
  const spread = r.range(70, 110);
  const fan = d.linear(
    [
      { offset: 0, color: darken(color, 0.12) },
      { offset: 1, color: lighten(color, 0.18) },
    ],
    { x1: 0, y1: 1, x2: 0, y2: 0 },
  );
  let out = `<path d="${s.path}" fill="none" stroke="${darken(color, 0.25)}" stroke-width="3.5"/>`;
  out += `<g transform="translate(${n(head.x)} ${n(head.y)})">`;
  for (let i = 0; i < blades; i += 1) {
    const a = -spread / 2 + (spread * i) / (blades - 1) + r.range(-3, 3);
    const len = length * 0.5 * r.range(0.85, 1) * (1 - Math.abs(a) / spread * 0.3);
    out += `<path d="${almond(len, len * 0.09)}" transform="rotate(${n(a)})" fill="${fan}" stroke="${darken(color, 0.2)}" stroke-width="1" stroke-opacity=".5"/>`;
  }
  out += `</g>`;
  return out;
};

export const fillers: Record<FillerKind, Filler> = { leaf, eucalyptus, pampas, bunnyTail, gypsophila, wheat, palm, fern };
