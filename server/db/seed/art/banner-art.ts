/**
 * The four site images: the hero (desktop and mobile) and the bottom banner (desktop and mobile). Each leaves a calm,
 * empty side or top for the page's heading, and carries no text of its own.
 */
import type { SiteImageSlot } from '../../../../domain/site-images';
import { drawArrangement, tableY as frameTableY, type ArrangementOptions } from './arrangement';
import { dried, foliageColors, fresh } from './art-styles';
import { disc, wall } from './backdrop';
import { fillers } from './foliage';
import { createRandom, type Random } from './prng';
import { Defs, n, place } from './svg';

export const bannerSizes: Record<SiteImageSlot, { width: number; height: number }> = {
  topbannerimg: { width: 1600, height: 640 },
  topbannermobileimg: { width: 780, height: 900 },
  bottombannerimg: { width: 1600, height: 640 },
  bottombannermobileimg: { width: 780, height: 900 },
};

interface Placement extends ArrangementOptions {
  seed: string;
  x: number;
  scale: number;
}

interface BannerPlan {
  tone: string;
  tableY: number;
  glow?: { x: number; y: number; radius: number };
  arrangements: Placement[];
  /** Sprigs leaning in from an edge: x, angle, length, kind, colour. */
  sprigs: { x: number; angle: number; length: number; kind: 'eucalyptus' | 'pampas' | 'fern' | 'leaf'; colour: string }[];
}

const plans: Record<SiteImageSlot, BannerPlan> = {
  topbannerimg: {
    tone: '#F1DEDA',
    tableY: 575,
    glow: { x: 1190, y: 300, radius: 330 },
    arrangements: [
      { seed: 'hero-side', style: 'dried-side', container: 'bottle', x: 1470, scale: 0.46, tones: [dried.blush, dried.ivory] },
      { seed: 'hero-main', style: 'fresh-bouquets', container: 'vase', bloom: 'peony', x: 1170, scale: 0.72, tones: [fresh.blush, fresh.white, fresh.pink, fresh.blush, fresh.peach] },
    ],
    sprigs: [
      { x: -20, angle: 62, length: 330, kind: 'eucalyptus', colour: foliageColors.eucalyptus },
      { x: 20, angle: 40, length: 300, kind: 'pampas', colour: dried.beige },
    ],
  },
  topbannermobileimg: {
    tone: '#F1DEDA',
    tableY: 830,
    glow: { x: 390, y: 600, radius: 300 },
    arrangements: [
      { seed: 'hero-side', style: 'dried-side', container: 'bottle', x: 640, scale: 0.4, tones: [dried.blush, dried.ivory] },
      { seed: 'hero-main', style: 'fresh-bouquets', container: 'vase', bloom: 'peony', x: 380, scale: 0.66, tones: [fresh.blush, fresh.white, fresh.pink, fresh.blush, fresh.peach] },
    ],
    sprigs: [{ x: -10, angle: 55, length: 260, kind: 'eucalyptus', colour: foliageColors.eucalyptus }],
  },
  bottombannerimg: {
    tone: '#E9DCC6',
    tableY: 585,
    arrangements: [
      { seed: 'banner-urn', style: 'dried-exotic', container: 'urn', x: 250, scale: 0.68, tones: [dried.terracotta, dried.ivory, dried.gold] },
      { seed: 'banner-bowl', style: 'dried-round', container: 'bowl', x: 1330, scale: 0.64, tones: [dried.honey, dried.blush, dried.ivory, dried.terracotta] },
      { seed: 'banner-bud', style: 'dried-side', container: 'bottle', x: 1540, scale: 0.36, tones: [dried.dustyPink] },
    ],
    sprigs: [],
  },
  bottombannermobileimg: {
    tone: '#E9DCC6',
    tableY: 840,
    arrangements: [
      { seed: 'banner-urn', style: 'dried-exotic', container: 'urn', x: 250, scale: 0.5, tones: [dried.terracotta, dried.ivory, dried.gold] },
      { seed: 'banner-bowl', style: 'dried-round', container: 'bowl', x: 560, scale: 0.46, tones: [dried.honey, dried.blush, dried.ivory, dried.terracotta] },
    ],
    sprigs: [],
  },
};

export function bannerSvg(slot: SiteImageSlot): string {
  const { width, height } = bannerSizes[slot];
  const plan = plans[slot];
  const r = createRandom(`banner-${slot}`);
  const d = new Defs();
  let body = wall(d, r, plan.tone, width, height, plan.tableY);
  if (plan.glow) body += disc(d, plan.tone, plan.glow.x, plan.glow.y, plan.glow.radius);
  for (const sprig of plan.sprigs) {
    body += `<g transform="${place(sprig.x, plan.tableY, sprig.angle)}">${fillers[sprig.kind](d, r, sprig.colour, sprig.length)}</g>`;
  }
  for (const placement of plan.arrangements) {
    body += placed(d, createRandom(placement.seed), placement, plan.tableY);
  }
  body += scatteredPetals(r, plan, width);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${d.toString()}${body}</svg>`;
}

function placed(d: Defs, r: Random, placement: Placement, tableY: number): string {
  const art = drawArrangement(d, r, placement);
  return `<g transform="translate(${n(placement.x)} ${n(tableY)}) scale(${placement.scale}) translate(-500 ${-frameTableY})">${art}</g>`;
}

function scatteredPetals(r: Random, plan: BannerPlan, width: number): string {
  const colours = plan.arrangements.flatMap((a) => a.tones ?? []);
  let out = '';
  for (let i = 0; i < 5; i += 1) {
    const x = r.range(width * 0.05, width * 0.95);
    const y = plan.tableY + r.range(18, 50);
    out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r.range(8, 13))}" ry="${n(r.range(4, 7))}" transform="rotate(${n(r.range(-35, 35))} ${n(x)} ${n(y)})" fill="${r.pick(colours)}" fill-opacity=".85"/>`;
  }
  return out;
}
