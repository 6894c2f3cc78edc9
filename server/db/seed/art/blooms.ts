/**
 * Flower heads, drawn around the origin with a radius of about `size`. Each takes the shared gradient registry, a
 * seeded random source (for the small irregularities that make a drawn flower look alive) and its main colour.
 */
import type { Random } from './prng';
import { darken, lighten, mix, n, type Defs } from './svg';

export type BloomKind = 'rose' | 'peony' | 'daisy' | 'tulip' | 'lily' | 'strawflower' | 'ranunculus';
export type Bloom = (d: Defs, r: Random, color: string, size: number) => string;

function cupPetal(length: number, width: number): string {
  const L = length;
  const w = width;
  return `M0 0C${n(-w)} ${n(-L * 0.2)} ${n(-w * 0.95)} ${n(-L * 0.95)} 0 ${n(-L)}C${n(w * 0.95)} ${n(-L * 0.95)} ${n(w)} ${n(-L * 0.2)} 0 0Z`;
}

function ruffledPetal(length: number, width: number): string {
  const L = length;
  const w = width;
  return (
    `M0 0C${n(-w)} ${n(-L * 0.3)} ${n(-w)} ${n(-L * 0.85)} ${n(-w * 0.5)} ${n(-L)}` +
    `Q${n(-w * 0.25)} ${n(-L * 1.08)} 0 ${n(-L * 0.96)}Q${n(w * 0.25)} ${n(-L * 1.08)} ${n(w * 0.5)} ${n(-L)}` +
    `C${n(w)} ${n(-L * 0.85)} ${n(w)} ${n(-L * 0.3)} 0 0Z`
  );
}

function pointedPetal(length: number, width: number): string {
  const L = length;
  const w = width;
  return `M0 0C${n(-w)} ${n(-L * 0.35)} ${n(-w * 0.45)} ${n(-L * 0.85)} 0 ${n(-L)}C${n(w * 0.45)} ${n(-L * 0.85)} ${n(w)} ${n(-L * 0.35)} 0 0Z`;
}

/** Petals deepen towards their base, as real ones do in the shade of the flower's centre. */
function petalFill(d: Defs, base: string, tip: string): string {
  // Linear rather than radial: it looks the same on a petal and rasterises much faster.
  return d.linear(
    [
      { offset: 0, color: base },
      { offset: 1, color: tip },
    ],
    { x1: 0, y1: 1, x2: 0, y2: 0 },
  );
}

function ring(
  r: Random,
  count: number,
  start: number,
  path: (i: number) => string,
  fill: string,
  stroke: string,
  jitter = 6,
): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const angle = start + (360 / count) * i + r.range(-jitter, jitter);
    out += `<path d="${path(i)}" transform="rotate(${n(angle)})" fill="${fill}" stroke="${stroke}" stroke-width="1.2" stroke-opacity=".35"/>`;
  }
  return out;
}

export const rose: Bloom = (d, r, color, size) => {
  const edge = darken(color, 0.45);
  const start = r.range(0, 72);
  let out = `<circle r="${n(size * 0.92)}" fill="${darken(color, 0.3)}"/>`;
  out += ring(r, 5, start, () => cupPetal(size * r.range(0.95, 1.05), size * 0.78), petalFill(d, darken(color, 0.25), lighten(color, 0.18)), edge);
  out += ring(r, 5, start + 36, () => cupPetal(size * 0.74, size * 0.62), petalFill(d, darken(color, 0.3), lighten(color, 0.08)), edge);
  out += ring(r, 4, start + 15, () => cupPetal(size * 0.5, size * 0.46), petalFill(d, darken(color, 0.35), color), edge);
  // The bud at the centre: a tight spiral of two arcs.
  out += `<circle r="${n(size * 0.24)}" fill="${darken(color, 0.28)}"/>`;
  out += `<path d="M${n(-size * 0.18)} ${n(size * 0.04)}A${n(size * 0.17)} ${n(size * 0.17)} 0 1 1 ${n(size * 0.12)} ${n(size * 0.13)}" fill="none" stroke="${lighten(color, 0.12)}" stroke-width="${n(size * 0.05)}" stroke-linecap="round"/>`;
  out += `<path d="M${n(-size * 0.06)} ${n(-size * 0.02)}A${n(size * 0.07)} ${n(size * 0.07)} 0 1 0 ${n(size * 0.06)} ${n(size * 0.03)}" fill="none" stroke="${lighten(color, 0.05)}" stroke-width="${n(size * 0.04)}" stroke-linecap="round"/>`;
  return out;
};

export const ranunculus: Bloom = (d, r, color, size) => {
  let out = '';
  const layers = 5;
  for (let layer = 0; layer < layers; layer += 1) {
    const k = 1 - layer * 0.17;
    const count = 9 - layer;
    const fill = petalFill(d, darken(color, 0.12 + layer * 0.05), lighten(color, 0.3 - layer * 0.05));
    out += ring(r, count, r.range(0, 40), () => cupPetal(size * k, size * k * 0.45), fill, darken(color, 0.35), 4);
  }
  out += `<circle r="${n(size * 0.14)}" fill="${mix(darken(color, 0.4), '#4a5a2a', 0.5)}"/>`;
  return out;
};

export const peony: Bloom = (d, r, color, size) => {
  const edge = darken(color, 0.3);
  let out = '';
  out += ring(r, 9, r.range(0, 40), () => ruffledPetal(size * r.range(0.92, 1.04), size * 0.5), petalFill(d, darken(color, 0.12), lighten(color, 0.35)), edge, 8);
  out += ring(r, 8, r.range(0, 40), () => ruffledPetal(size * 0.74, size * 0.42), petalFill(d, darken(color, 0.18), lighten(color, 0.25)), edge, 8);
  out += ring(r, 7, r.range(0, 40), () => ruffledPetal(size * 0.52, size * 0.36), petalFill(d, darken(color, 0.22), lighten(color, 0.15)), edge, 8);
  out += ring(r, 5, r.range(0, 40), () => ruffledPetal(size * 0.3, size * 0.26), petalFill(d, darken(color, 0.25), color), edge, 8);
  return out;
};

export const daisy: Bloom = (d, r, color, size) => {
  const petals = r.int(14, 18);
  const fill = d.linear(
    [
      { offset: 0, color: lighten(color, 0.5) },
      { offset: 1, color: darken(color, 0.08) },
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  );
  let out = '';
  for (let i = 0; i < petals; i += 1) {
    const angle = (360 / petals) * i + r.range(-4, 4);
    const len = size * r.range(0.46, 0.52);
    out += `<ellipse cy="${n(-size * 0.5)}" rx="${n(size * 0.13)}" ry="${n(len)}" transform="rotate(${n(angle)})" fill="${fill}" stroke="${darken(color, 0.25)}" stroke-width="1" stroke-opacity=".3"/>`;
  }
  const centre = d.radial([
    { offset: 0, color: '#F3CF5A' },
    { offset: 0.7, color: '#D9A21B' },
    { offset: 1, color: '#9C6B12' },
  ]);
  out += `<circle r="${n(size * 0.27)}" fill="${centre}"/>`;
  for (let i = 0; i < 14; i += 1) {
    const a = r.range(0, Math.PI * 2);
    const rr = r.range(0, size * 0.2);
    out += `<circle cx="${n(Math.cos(a) * rr)}" cy="${n(Math.sin(a) * rr)}" r="${n(size * 0.025)}" fill="#7A4F0E" fill-opacity=".55" stroke-opacity=".55"/>`;
  }
  return out;
};

/** Seen from the side: a closed cup of three petals. */
export const tulip: Bloom = (d, r, color, size) => {
  const s = size;
  const back = petalFill(d, darken(color, 0.3), color);
  const front = d.linear(
    [
      { offset: 0, color: lighten(color, 0.25) },
      { offset: 0.6, color },
      { offset: 1, color: darken(color, 0.3) },
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const tilt = r.range(-8, 8);
  return (
    `<g transform="rotate(${n(tilt)}) translate(0 ${n(s * 0.45)})">` +
    `<path d="M${n(-s * 0.55)} 0C${n(-s * 0.7)} ${n(-s * 0.6)} ${n(-s * 0.35)} ${n(-s * 1.15)} 0 ${n(-s * 1.2)}C${n(s * 0.35)} ${n(-s * 1.15)} ${n(s * 0.7)} ${n(-s * 0.6)} ${n(s * 0.55)} 0C${n(s * 0.35)} ${n(s * 0.25)} ${n(-s * 0.35)} ${n(s * 0.25)} ${n(-s * 0.55)} 0Z" fill="${back}"/>` +
    `<path d="M${n(-s * 0.58)} ${n(-s * 0.05)}C${n(-s * 0.6)} ${n(-s * 0.6)} ${n(-s * 0.3)} ${n(-s * 1.0)} ${n(-s * 0.05)} ${n(-s * 1.1)}C${n(s * 0.1)} ${n(-s * 0.7)} ${n(s * 0.2)} ${n(-s * 0.2)} ${n(s * 0.05)} ${n(s * 0.18)}C${n(-s * 0.2)} ${n(s * 0.2)} ${n(-s * 0.45)} ${n(s * 0.12)} ${n(-s * 0.58)} ${n(-s * 0.05)}Z" fill="${front}" stroke="${darken(color, 0.35)}" stroke-width="1" stroke-opacity=".3"/>` +
    `<path d="M${n(s * 0.56)} ${n(-s * 0.05)}C${n(s * 0.6)} ${n(-s * 0.6)} ${n(s * 0.32)} ${n(-s * 0.98)} ${n(s * 0.08)} ${n(-s * 1.06)}C${n(-s * 0.02)} ${n(-s * 0.7)} ${n(-s * 0.05)} ${n(-s * 0.2)} ${n(s * 0.05)} ${n(s * 0.18)}C${n(s * 0.25)} ${n(s * 0.18)} ${n(s * 0.45)} ${n(s * 0.1)} ${n(s * 0.56)} ${n(-s * 0.05)}Z" fill="${front}" fill-opacity=".92" stroke="${darken(color, 0.35)}" stroke-width="1" stroke-opacity=".3"/>` +
    `</g>`
  );
};

export const lily: Bloom = (d, r, color, size) => {
  const throat = mix(color, '#E9D66B', 0.55);
  const outerFill = d.radial(
    [
      { offset: 0, color: throat },
      { offset: 0.45, color },
      { offset: 1, color: lighten(color, 0.35) },
    ],
    { cx: 0.5, cy: 1, r: 1.05 },
  );
  const innerFill = d.radial(
    [
      { offset: 0, color: throat },
      { offset: 0.5, color: lighten(color, 0.1) },
      { offset: 1, color: lighten(color, 0.45) },
    ],
    { cx: 0.5, cy: 1, r: 1.05 },
  );
  const start = r.range(0, 60);
  const edge = darken(color, 0.3);
  let out = ring(r, 3, start, () => pointedPetal(size * 1.02, size * 0.4), outerFill, edge, 5);
  out += ring(r, 3, start + 60, () => pointedPetal(size * 0.95, size * 0.32), innerFill, edge, 5);
  for (let i = 0; i < 6; i += 1) {
    const a = ((start + i * 60) * Math.PI) / 180;
    out += `<path d="M0 0L${n(Math.sin(a) * size * 0.55)} ${n(-Math.cos(a) * size * 0.55)}" stroke="${darken(color, 0.2)}" stroke-width="1.4" fill-opacity=".35" stroke-opacity=".35"/>`;
    for (let k = 0; k < 3; k += 1) {
      const rr = size * r.range(0.12, 0.35);
      const da = r.range(-0.15, 0.15);
      out += `<circle cx="${n(Math.sin(a + da) * rr)}" cy="${n(-Math.cos(a + da) * rr)}" r="${n(size * 0.02)}" fill="${darken(color, 0.5)}" fill-opacity=".6" stroke-opacity=".6"/>`;
    }
  }
  for (let i = 0; i < 6; i += 1) {
    const a = ((start + 30 + i * 60 + r.range(-10, 10)) * Math.PI) / 180;
    const len = size * r.range(0.4, 0.52);
    const x = Math.sin(a) * len;
    const y = -Math.cos(a) * len;
    out += `<path d="M0 0Q${n(x * 0.4)} ${n(y * 0.6)} ${n(x)} ${n(y)}" fill="none" stroke="#C9D59A" stroke-width="1.6"/>`;
    out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(size * 0.035)}" ry="${n(size * 0.07)}" transform="rotate(${n((a * 180) / Math.PI)} ${n(x)} ${n(y)})" fill="#9A4A1E"/>`;
  }
  out += `<circle r="${n(size * 0.06)}" fill="#B7C77A"/>`;
  return out;
};

/** Dried everlasting: papery pointed petals in two or three layers round a dense golden centre. */
export const strawflower: Bloom = (d, r, color, size) => {
  let out = '';
  const layers = r.int(2, 3);
  for (let layer = 0; layer < layers; layer += 1) {
    const k = 1 - layer * 0.22;
    const fill = petalFill(d, darken(color, 0.15 + layer * 0.05), lighten(color, 0.22 - layer * 0.06));
    out += ring(r, 14 - layer * 2, r.range(0, 30), () => pointedPetal(size * k, size * 0.2 * k + size * 0.05), fill, darken(color, 0.4), 5);
  }
  const centre = d.radial([
    { offset: 0, color: '#E4C46A' },
    { offset: 1, color: '#8F6A1C' },
  ]);
  out += `<circle r="${n(size * 0.3)}" fill="${centre}"/>`;
  for (let i = 0; i < 18; i += 1) {
    const a = r.range(0, Math.PI * 2);
    const rr = Math.sqrt(r.next()) * size * 0.26;
    out += `<circle cx="${n(Math.cos(a) * rr)}" cy="${n(Math.sin(a) * rr)}" r="${n(size * 0.03)}" fill="#6E4E12" fill-opacity=".5" stroke-opacity=".5"/>`;
  }
  return out;
};

export const blooms: Record<BloomKind, Bloom> = { rose, peony, daisy, tulip, lily, strawflower, ranunculus };
