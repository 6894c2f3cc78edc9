/**
 * Tiny SVG building helpers: number formatting that keeps the markup short, and a registry of gradients so that
 * shapes can ask for "a radial gradient from A to B" and share one definition.
 */
export function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

export interface Stop {
  offset: number;
  color: string;
  opacity?: number;
}

export class Defs {
  private readonly byKey = new Map<string, string>();
  private readonly markup: string[] = [];

  radial(stops: readonly Stop[], options: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {}): string {
    const { cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy } = options;
    const key = `r|${cx}|${cy}|${r}|${fx}|${fy}|${stopsKey(stops)}`;
    return this.define(key, (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopMarkup(stops)}</radialGradient>`);
  }

  linear(stops: readonly Stop[], options: { x1?: number; y1?: number; x2?: number; y2?: number } = {}): string {
    const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = options;
    const key = `l|${x1}|${y1}|${x2}|${y2}|${stopsKey(stops)}`;
    return this.define(key, (id) => `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopMarkup(stops)}</linearGradient>`);
  }

  /** A raw definition (e.g. a clip path) under a caller-chosen key. */
  raw(key: string, build: (id: string) => string): string {
    return this.define(`x|${key}`, build);
  }

  toString(): string {
    return `<defs>${this.markup.join('')}</defs>`;
  }

  private define(key: string, build: (id: string) => string): string {
    const known = this.byKey.get(key);
    if (known) return `url(#${known})`;
    const id = `d${this.byKey.size}`;
    this.byKey.set(key, id);
    this.markup.push(build(id));
    return `url(#${id})`;
  }
}

function stopsKey(stops: readonly Stop[]): string {
  return stops.map((s) => `${s.offset}:${s.color}:${s.opacity ?? 1}`).join(',');
}

function stopMarkup(stops: readonly Stop[]): string {
  return stops
    .map((s) => `<stop offset="${s.offset}" stop-color="${s.color}"${s.opacity === undefined ? '' : ` stop-opacity="${s.opacity}"`}/>`)
    .join('');
}

export function place(x: number, y: number, rotate = 0, scale = 1): string {
  return `translate(${n(x)} ${n(y)})${rotate ? ` rotate(${n(rotate)})` : ''}${scale !== 1 ? ` scale(${Math.round(scale * 1000) / 1000})` : ''}`;
}

/** Mixes two #rrggbb colours; t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = parse(a);
  const pb = parse(b);
  const c = pa.map((v, i) => Math.round(v + ((pb[i] ?? v) - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export const lighten = (color: string, t: number): string => mix(color, '#ffffff', t);
export const darken = (color: string, t: number): string => mix(color, '#1a1410', t);

function parse(color: string): number[] {
  const hex = color.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
}
