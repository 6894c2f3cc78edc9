/**
 * What holds the flowers: ceramic vases, a glass vase, a round bowl, a bud bottle and a kraft-paper wrap. Each is
 * drawn with its mouth centred on the origin, hanging downwards, and split into what lies behind the stems (back)
 * and what covers them (front).
 */
import type { Random } from './prng';
import { darken, lighten, n, type Defs } from './svg';

export type ContainerKind = 'vase' | 'urn' | 'glass' | 'bowl' | 'bottle' | 'wrap' | 'basket';

export interface ContainerArt {
  back: string;
  front: string;
  /** Where the base rests, relative to the mouth: the shadow goes there. */
  baseY: number;
  baseWidth: number;
}

export type Container = (d: Defs, r: Random, color: string, width: number, height: number) => ContainerArt;

/** Side-lit ceramic: light from the upper left, a soft core shadow on the right. */
function ceramicFill(d: Defs, color: string): string {
  return d.linear(
    [
      { offset: 0, color: darken(color, 0.18) },
      { offset: 0.3, color: lighten(color, 0.22) },
      { offset: 0.55, color },
      { offset: 1, color: darken(color, 0.32) },
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
}

function rim(d: Defs, color: string, halfWidth: number): string {
  return (
    `<ellipse rx="${n(halfWidth)}" ry="${n(halfWidth * 0.16)}" fill="${darken(color, 0.45)}"/>` +
    `<ellipse rx="${n(halfWidth)}" ry="${n(halfWidth * 0.16)}" fill="none" stroke="${lighten(color, 0.3)}" stroke-width="3"/>`
  );
}

export const vase: Container = (d, _r, color, width, height) => {
  const m = width * 0.3;
  const belly = width * 0.5;
  const base = width * 0.3;
  const path =
    `M${n(-m)} 0C${n(-m)} ${n(height * 0.12)} ${n(-belly * 1.05)} ${n(height * 0.25)} ${n(-belly)} ${n(height * 0.55)}` +
    `C${n(-belly * 0.95)} ${n(height * 0.8)} ${n(-base * 1.2)} ${n(height * 0.95)} ${n(-base)} ${n(height)}` +
    `L${n(base)} ${n(height)}C${n(base * 1.2)} ${n(height * 0.95)} ${n(belly * 0.95)} ${n(height * 0.8)} ${n(belly)} ${n(height * 0.55)}` +
    `C${n(belly * 1.05)} ${n(height * 0.25)} ${n(m)} ${n(height * 0.12)} ${n(m)} 0Z`;
  const front =
    `<path d="${path}" fill="${ceramicFill(d, color)}"/>` +
    `<path d="M${n(-belly * 0.55)} ${n(height * 0.3)}C${n(-belly * 0.7)} ${n(height * 0.5)} ${n(-belly * 0.6)} ${n(height * 0.72)} ${n(-belly * 0.45)} ${n(height * 0.82)}" fill="none" stroke="#fff" stroke-width="${n(width * 0.03)}" stroke-linecap="round" fill-opacity=".28" stroke-opacity=".28"/>` +
    `<path d="M${n(-belly * 0.98)} ${n(height * 0.62)}C${n(-belly * 0.3)} ${n(height * 0.7)} ${n(belly * 0.3)} ${n(height * 0.7)} ${n(belly * 0.98)} ${n(height * 0.62)}" fill="none" stroke="${darken(color, 0.2)}" stroke-width="2" fill-opacity=".35" stroke-opacity=".35"/>` +
    rim(d, color, m);
  return { back: '', front, baseY: height, baseWidth: base * 2.4 };
};

export const urn: Container = (d, _r, color, width, height) => {
  const m = width * 0.42;
  const neck = width * 0.3;
  const belly = width * 0.5;
  const foot = width * 0.22;
  const path =
    `M${n(-m)} 0C${n(-neck)} ${n(height * 0.1)} ${n(-neck)} ${n(height * 0.18)} ${n(-belly * 0.92)} ${n(height * 0.4)}` +
    `C${n(-belly * 1.1)} ${n(height * 0.62)} ${n(-belly * 0.6)} ${n(height * 0.82)} ${n(-foot)} ${n(height * 0.86)}` +
    `L${n(-foot * 1.3)} ${n(height)}L${n(foot * 1.3)} ${n(height)}L${n(foot)} ${n(height * 0.86)}` +
    `C${n(belly * 0.6)} ${n(height * 0.82)} ${n(belly * 1.1)} ${n(height * 0.62)} ${n(belly * 0.92)} ${n(height * 0.4)}` +
    `C${n(neck)} ${n(height * 0.18)} ${n(neck)} ${n(height * 0.1)} ${n(m)} 0Z`;
  const front =
    `<path d="${path}" fill="${ceramicFill(d, color)}"/>` +
    `<path d="M${n(-belly * 0.85)} ${n(height * 0.5)}C${n(-belly * 0.3)} ${n(height * 0.56)} ${n(belly * 0.3)} ${n(height * 0.56)} ${n(belly * 0.85)} ${n(height * 0.5)}" fill="none" stroke="#C9A227" stroke-width="3" fill-opacity=".7" stroke-opacity=".7"/>` +
    `<path d="M${n(-belly * 0.7)} ${n(height * 0.38)}C${n(-belly * 0.8)} ${n(height * 0.55)} ${n(-belly * 0.65)} ${n(height * 0.68)} ${n(-belly * 0.5)} ${n(height * 0.74)}" fill="none" stroke="#fff" stroke-width="${n(width * 0.03)}" stroke-linecap="round" fill-opacity=".25" stroke-opacity=".25"/>` +
    rim(d, color, m);
  return { back: '', front, baseY: height, baseWidth: foot * 3 };
};

export const glass: Container = (d, _r, color, width, height) => {
  const top = width * 0.42;
  const bottom = width * 0.34;
  const water = height * 0.35;
  const tint = d.linear(
    [
      { offset: 0, color: lighten(color, 0.55), opacity: 0.55 },
      { offset: 0.5, color: lighten(color, 0.8), opacity: 0.25 },
      { offset: 1, color: lighten(color, 0.4), opacity: 0.6 },
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  const body = `M${n(-top)} 0L${n(-bottom)} ${n(height)}L${n(bottom)} ${n(height)}L${n(top)} 0Z`;
  const waterTop = -top + (top - bottom) * (water / height);
  const front =
    `<path d="${body}" fill="${tint}" stroke="${lighten(color, 0.3)}" stroke-width="2.5" stroke-opacity=".7"/>` +
    `<path d="M${n(waterTop)} ${n(water)}L${n(-bottom)} ${n(height)}L${n(bottom)} ${n(height)}L${n(-waterTop)} ${n(water)}Z" fill="${lighten(color, 0.6)}" fill-opacity=".35" stroke-opacity=".35"/>` +
    `<ellipse cy="${n(water)}" rx="${n(-waterTop)}" ry="${n(top * 0.1)}" fill="#fff" fill-opacity=".35" stroke-opacity=".35"/>` +
    `<path d="M${n(-top * 0.72)} ${n(height * 0.08)}L${n(-bottom * 0.74)} ${n(height * 0.9)}" stroke="#fff" stroke-width="${n(width * 0.04)}" stroke-linecap="round" fill-opacity=".45" stroke-opacity=".45"/>` +
    `<rect x="${n(-bottom)}" y="${n(height - 14)}" width="${n(bottom * 2)}" height="14" rx="4" fill="${lighten(color, 0.5)}" fill-opacity=".6" stroke-opacity=".6"/>` +
    `<ellipse rx="${n(top)}" ry="${n(top * 0.12)}" fill="none" stroke="#fff" stroke-width="2.5" fill-opacity=".7" stroke-opacity=".7"/>`;
  return { back: '', front, baseY: height, baseWidth: bottom * 2.4 };
};

export const bowl: Container = (d, _r, color, width, height) => {
  const m = width * 0.32;
  const R = width * 0.5;
  const path =
    `M${n(-m)} 0C${n(-R * 1.25)} ${n(height * 0.15)} ${n(-R * 1.15)} ${n(height * 0.9)} ${n(-R * 0.35)} ${n(height)}` +
    `L${n(R * 0.35)} ${n(height)}C${n(R * 1.15)} ${n(height * 0.9)} ${n(R * 1.25)} ${n(height * 0.15)} ${n(m)} 0Z`;
  const front =
    `<path d="${path}" fill="${ceramicFill(d, color)}"/>` +
    `<path d="M${n(-R * 0.7)} ${n(height * 0.25)}C${n(-R * 0.85)} ${n(height * 0.45)} ${n(-R * 0.7)} ${n(height * 0.7)} ${n(-R * 0.5)} ${n(height * 0.8)}" fill="none" stroke="#fff" stroke-width="${n(width * 0.035)}" stroke-linecap="round" fill-opacity=".28" stroke-opacity=".28"/>` +
    rim(d, color, m);
  return { back: '', front, baseY: height, baseWidth: R * 1.2 };
};

export const bottle: Container = (d, _r, color, width, height) => {
  const neck = width * 0.12;
  const body = width * 0.42;
  const path =
    `M${n(-neck)} 0L${n(-neck)} ${n(height * 0.3)}C${n(-neck)} ${n(height * 0.42)} ${n(-body)} ${n(height * 0.42)} ${n(-body)} ${n(height * 0.7)}` +
    `C${n(-body)} ${n(height * 0.95)} ${n(-body * 0.8)} ${n(height)} 0 ${n(height)}C${n(body * 0.8)} ${n(height)} ${n(body)} ${n(height * 0.95)} ${n(body)} ${n(height * 0.7)}` +
    `C${n(body)} ${n(height * 0.42)} ${n(neck)} ${n(height * 0.42)} ${n(neck)} ${n(height * 0.3)}L${n(neck)} 0Z`;
  const front =
    `<path d="${path}" fill="${ceramicFill(d, color)}"/>` +
    `<path d="M${n(-body * 0.6)} ${n(height * 0.58)}C${n(-body * 0.75)} ${n(height * 0.7)} ${n(-body * 0.7)} ${n(height * 0.82)} ${n(-body * 0.55)} ${n(height * 0.9)}" fill="none" stroke="#fff" stroke-width="${n(width * 0.03)}" stroke-linecap="round" fill-opacity=".3" stroke-opacity=".3"/>` +
    rim(d, color, neck * 1.15);
  return { back: '', front, baseY: height, baseWidth: body * 1.8 };
};

export const basket: Container = (d, r, color, width, height) => {
  const top = width * 0.5;
  const bottom = width * 0.38;
  const body = `M${n(-top)} 0L${n(-bottom)} ${n(height)}L${n(bottom)} ${n(height)}L${n(top)} 0Z`;
  let weave = '';
  for (let y = height * 0.12; y < height; y += height * 0.12) {
    const half = top - (top - bottom) * (y / height);
    weave += `<path d="M${n(-half)} ${n(y)}Q0 ${n(y + height * 0.04)} ${n(half)} ${n(y)}" fill="none" stroke="${darken(color, 0.3)}" stroke-width="2.5" fill-opacity=".55" stroke-opacity=".55"/>`;
  }
  for (let i = -6; i <= 6; i += 1) {
    const x = (i / 6) * top * 0.92;
    weave += `<path d="M${n(x)} 0L${n(x * (bottom / top))} ${n(height)}" stroke="${lighten(color, 0.15)}" stroke-width="2" fill-opacity="${n(r.range(0.3, 0.5))}" stroke-opacity="${n(r.range(0.3, 0.5))}"/>`;
  }
  const front =
    `<path d="${body}" fill="${ceramicFill(d, color)}"/>` +
    weave +
    `<rect x="${n(-top - 6)}" y="-10" width="${n(top * 2 + 12)}" height="20" rx="10" fill="${darken(color, 0.12)}"/>`;
  return { back: '', front, baseY: height, baseWidth: bottom * 2.4 };
};

/** Kraft paper folded into a cone, with a cream inner sheet behind the flowers and a ribbon at the neck. */
export function wrap(ribbon: string): Container {
  return (d, r, color, width, height) => {
    const half = width / 2;
    const neckY = height * 0.62;
    const neck = width * 0.08;
    const kraft = d.linear(
      [
        { offset: 0, color: darken(color, 0.15) },
        { offset: 0.35, color: lighten(color, 0.12) },
        { offset: 0.7, color },
        { offset: 1, color: darken(color, 0.25) },
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    );
    const sheet = d.linear([
      { offset: 0, color: '#FFFDF8' },
      { offset: 1, color: '#EDE3D3' },
    ]);
    const lift = height * 0.28;
    const back =
      `<path d="M${n(-half * 1.05)} ${n(-lift)}Q${n(-half * 0.3)} ${n(-lift * 1.5)} 0 ${n(-lift * 1.1)}Q${n(half * 0.4)} ${n(-lift * 1.6)} ${n(half * 1.05)} ${n(-lift * 0.8)}L${n(neck)} ${n(neckY)}L${n(-neck)} ${n(neckY)}Z" fill="${sheet}"/>` +
      `<path d="M${n(-half * 0.9)} ${n(-lift * 0.6)}L${n(-neck)} ${n(neckY)}L${n(neck)} ${n(neckY)}L${n(half * 0.95)} ${n(-lift * 0.4)}Q0 ${n(-lift * 0.9)} ${n(-half * 0.9)} ${n(-lift * 0.6)}Z" fill="${darken(color, 0.08)}"/>`;
    const tipY = height;
    const front =
      `<path d="M${n(-half)} ${n(height * 0.05)}L${n(-neck * 1.4)} ${n(neckY)}L${n(-neck * 0.6)} ${n(tipY)}L${n(neck * 0.6)} ${n(tipY)}L${n(neck * 1.4)} ${n(neckY)}L${n(half)} ${n(height * 0.02)}` +
      `Q${n(half * 0.55)} ${n(height * 0.12)} ${n(half * 0.2)} ${n(height * 0.06)}Q${n(-half * 0.2)} ${n(height * 0.16)} ${n(-half)} ${n(height * 0.05)}Z" fill="${kraft}"/>` +
      `<path d="M${n(half * 0.2)} ${n(height * 0.06)}L${n(neck * 0.3)} ${n(neckY)}" stroke="${darken(color, 0.3)}" stroke-width="2" fill-opacity=".4" stroke-opacity=".4"/>` +
      `<path d="M${n(-half * 0.55)} ${n(height * 0.09)}L${n(-neck)} ${n(neckY)}" stroke="${lighten(color, 0.3)}" stroke-width="2" fill-opacity=".5" stroke-opacity=".5"/>` +
      bow(d, r, ribbon, 0, neckY, width * 0.12);
    return { back, front, baseY: tipY, baseWidth: width * 0.35 };
  };
}

function bow(d: Defs, r: Random, color: string, x: number, y: number, size: number): string {
  const fill = d.linear(
    [
      { offset: 0, color: lighten(color, 0.2) },
      { offset: 1, color: darken(color, 0.2) },
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const s = size;
  const tailL = r.range(1.6, 2.2) * s;
  return (
    `<g transform="translate(${n(x)} ${n(y)})">` +
    `<rect x="${n(-s * 1.6)}" y="${n(-s * 0.18)}" width="${n(s * 3.2)}" height="${n(s * 0.36)}" fill="${fill}"/>` +
    `<path d="M0 0L${n(-s * 0.5)} ${n(tailL)}L${n(-s * 0.2)} ${n(tailL * 0.9)}L${n(-s * 0.05)} ${n(tailL * 1.02)}Z" fill="${fill}"/>` +
    `<path d="M0 0L${n(s * 0.55)} ${n(tailL * 0.95)}L${n(s * 0.3)} ${n(tailL * 0.86)}L${n(s * 0.15)} ${n(tailL)}Z" fill="${fill}"/>` +
    `<path d="M0 0C${n(-s * 0.8)} ${n(-s * 0.9)} ${n(-s * 1.5)} ${n(-s * 0.3)} ${n(-s * 1.1)} ${n(s * 0.25)}C${n(-s * 0.8)} ${n(s * 0.5)} ${n(-s * 0.3)} ${n(s * 0.2)} 0 0Z" fill="${fill}"/>` +
    `<path d="M0 0C${n(s * 0.8)} ${n(-s * 0.9)} ${n(s * 1.5)} ${n(-s * 0.3)} ${n(s * 1.1)} ${n(s * 0.25)}C${n(s * 0.8)} ${n(s * 0.5)} ${n(s * 0.3)} ${n(s * 0.2)} 0 0Z" fill="${fill}"/>` +
    `<ellipse rx="${n(s * 0.22)}" ry="${n(s * 0.26)}" fill="${darken(color, 0.15)}"/>` +
    `</g>`
  );
}

export const containers: Record<Exclude<ContainerKind, 'wrap'>, Container> = { vase, urn, glass, bowl, bottle, basket };
