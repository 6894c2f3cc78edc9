/**
 * Composes one arrangement (container, fillers, stems, flower heads, shadow) in a 1000 × 1000 frame whose table top
 * is at y = 860. The product picture puts it on a backdrop; the banners place several, scaled, on a wide wall.
 */
import { artStyles, dried, foliageColors, type ArtStyle, type ArtStyleKey } from './art-styles';
import { blooms, type BloomKind } from './blooms';
import { containers, wrap, type ContainerKind } from './containers';
import { fillers, stem, type FillerKind } from './foliage';
import type { Random } from './prng';
import { darken, lighten, n, place, type Defs } from './svg';
import { shadow } from './backdrop';

export const tableY = 860;

export interface ArrangementOptions {
  style: ArtStyleKey;
  /** Colours the product's name promises ("Red Rose …"); the first leads. */
  tones?: readonly string[];
  bloom?: BloomKind;
  container?: ContainerKind;
}

interface Layout {
  width: number;
  height: number;
  domeY: number;
  rx: number;
  ry: number;
}

// Mouth of the container sits at tableY - height; the dome of heads is centred domeY above the mouth.
const layouts: Record<ContainerKind, Layout> = {
  wrap: { width: 470, height: 380, domeY: 105, rx: 215, ry: 135 },
  vase: { width: 300, height: 290, domeY: 190, rx: 210, ry: 140 },
  urn: { width: 320, height: 270, domeY: 190, rx: 215, ry: 140 },
  glass: { width: 250, height: 330, domeY: 190, rx: 210, ry: 135 },
  bowl: { width: 380, height: 210, domeY: 110, rx: 235, ry: 130 },
  bottle: { width: 230, height: 310, domeY: 210, rx: 150, ry: 120 },
  basket: { width: 420, height: 220, domeY: 100, rx: 220, ry: 120 },
};

function fillerColour(r: Random, kind: FillerKind, style: ArtStyle, tones: readonly string[]): string {
  switch (kind) {
    case 'pampas':
      return r.pick([dried.beige, dried.sand, dried.ivory, dried.blush, dried.honey, ...tones.filter(() => style.dried)]);
    case 'palm':
      return r.pick([dried.sand, dried.ivory, dried.honey, dried.beige]);
    case 'wheat':
      return r.pick([dried.honey, dried.gold, dried.sand]);
    case 'bunnyTail':
      return r.pick([dried.ivory, dried.blush, dried.beige, '#F6EFE4', dried.dustyPink]);
    case 'gypsophila':
      return style.dried ? r.pick(['#F4EDE0', dried.blush]) : '#FBF8F3';
    case 'eucalyptus':
      return r.pick([foliageColors.eucalyptus, foliageColors.sage]);
    case 'fern':
      return foliageColors.fern;
    case 'leaf':
      return style.dried ? foliageColors.driedLeaf : r.pick([foliageColors.leaf, foliageColors.deepLeaf]);
  }
}

export function drawArrangement(d: Defs, r: Random, options: ArrangementOptions): string {
  const style = artStyles[options.style];
  const kind = options.container ?? r.pick(style.containers);
  const layout = layouts[kind];
  const tones = options.tones && options.tones.length > 0 ? options.tones : pickTones(r, style);
  // Baskets are woven cane whatever the style's glazes are.
  const containerColour = kind === 'basket' ? r.pick(['#C9A77C', '#B08D62', '#D6BE98']) : r.pick(style.containerColors);
  const container =
    kind === 'wrap'
      ? wrap(r.pick(style.ribbons.length > 0 ? style.ribbons : ['#D98C8C']))(d, r, containerColour, layout.width, layout.height)
      : containers[kind](d, r, containerColour, layout.width, layout.height);

  const mouth = { x: 500, y: tableY - layout.height };
  const side = kind === 'bottle' ? r.pick([-1, 1]) * 45 : 0;
  const dome = { x: 500 + side + r.range(-15, 15), y: mouth.y - layout.domeY, rx: layout.rx, ry: layout.ry };
  const anchor =
    kind === 'wrap'
      ? { x: mouth.x, y: mouth.y + layout.height * 0.62 }
      : kind === 'glass'
        ? { x: mouth.x, y: tableY - 20 }
        : { x: mouth.x, y: mouth.y + 10 };

  let out = shadow(d, mouth.x, tableY, container.baseWidth);
  const atMouth = (markup: string): string => `<g transform="${place(mouth.x, mouth.y)}">${markup}</g>`;
  if (container.back) out += atMouth(container.back);

  // Tall fillers fan out behind the heads.
  const fillerCount = r.int(style.fillerCount[0], style.fillerCount[1]);
  // Fillers rise from inside the mouth (for a wrap, from inside the cone) so none pokes out below it.
  const fillerRoot = kind === 'wrap' ? { x: mouth.x, y: mouth.y + layout.height * 0.25 } : { x: mouth.x, y: mouth.y + 10 };
  const reach = fillerRoot.y - (dome.y - dome.ry);
  const fanSpread = kind === 'bottle' ? 55 : kind === 'wrap' ? 58 : 70;
  for (let i = 0; i < fillerCount; i += 1) {
    const filler = r.pick(style.fillers);
    const angle = -fanSpread + (2 * fanSpread * (i + 0.5)) / fillerCount + r.range(-8, 8) + side * 0.3;
    const tall = filler === 'pampas' || filler === 'palm' ? r.range(1.05, 1.35) : r.range(0.85, 1.15);
    // Never taller than the frame: the product picture is scaled up 1.2× about the table line.
    const ceiling = (fillerRoot.y - 200) / Math.cos((angle * Math.PI) / 180);
    const length = Math.min(reach * tall * (1 - Math.abs(angle) / 220), ceiling);
    const colour = fillerColour(r, filler, style, tones);
    out += `<g transform="${place(fillerRoot.x + r.range(-10, 10), fillerRoot.y, angle)}">${fillers[filler](d, r, colour, length)}</g>`;
  }

  const heads = headPositions(r, style, dome);
  const stemColour = style.dried ? '#8C7B57' : '#4C6E3B';
  for (const head of heads) {
    out += stem({ x: anchor.x + r.range(-12, 12), y: anchor.y }, head, stemColour, style.dried ? 3.5 : 5, r.range(-30, 30));
  }
  if (kind !== 'wrap') out += atMouth(container.front);

  const lead = options.bloom ?? r.pick(style.blooms);
  heads.forEach((head, i) => {
    const bloomKind = i % 3 === 2 && style.blooms.length > 1 ? r.pick(style.blooms) : lead;
    const colour = tones[i % tones.length] ?? tones[0] ?? '#D98C8C';
    const squash = bloomKind === 'tulip' ? 1 : 0.88;
    out += `<g transform="translate(${n(head.x)} ${n(head.y)}) scale(1 ${squash}) rotate(${n(r.range(0, 360))})">${blooms[bloomKind](d, r, colour, head.size)}</g>`;
    if (bloomKind === 'tulip') out += leafPair(d, r, head);
  });

  // Airy accents tucked between the heads.
  const accents = style.dried ? (['bunnyTail', 'gypsophila'] as const) : (['gypsophila'] as const);
  const accentCount = r.int(2, 4);
  for (let i = 0; i < accentCount; i += 1) {
    const accent = r.pick(accents);
    const a = r.range(Math.PI * 1.05, Math.PI * 1.95);
    const x = dome.x + Math.cos(a) * dome.rx * r.range(0.7, 1.05);
    const y = dome.y + Math.sin(a) * dome.ry * r.range(0.6, 1);
    const angle = ((Math.atan2(y - anchor.y, x - anchor.x) * 180) / Math.PI + 90) * 0.9;
    out += `<g transform="${place(x, y + 50, angle)}">${fillers[accent](d, r, fillerColour(r, accent, style, tones), 95)}</g>`;
  }

  if (kind === 'wrap') out += atMouth(container.front);

  // A fallen petal or two on the table: the kind of detail a stylist adds.
  if (r.chance(0.55)) {
    const colour = tones[0] ?? '#D98C8C';
    for (let i = 0; i < r.int(1, 2); i += 1) {
      const x = mouth.x + r.pick([-1, 1]) * r.range(container.baseWidth * 0.9, container.baseWidth * 1.6);
      out += `<ellipse cx="${n(x)}" cy="${n(tableY + r.range(15, 45))}" rx="${n(r.range(12, 18))}" ry="${n(r.range(6, 9))}" transform="rotate(${n(r.range(-30, 30))} ${n(x)} ${n(tableY + 30)})" fill="${colour}" fill-opacity=".9" stroke-opacity=".9"/>`;
    }
  }
  return out;
}

function pickTones(r: Random, style: ArtStyle): string[] {
  const lead = r.pick(style.bloomColors);
  const second = r.pick(style.bloomColors);
  const third = r.pick(style.bloomColors);
  // The lead colour dominates; the others accent.
  return [lead, lead, second, lead, third];
}

interface Head {
  x: number;
  y: number;
  size: number;
}

function headPositions(r: Random, style: ArtStyle, dome: { x: number; y: number; rx: number; ry: number }): Head[] {
  const count = r.int(style.bloomCount[0], style.bloomCount[1]);
  const offset = r.range(0, Math.PI * 2);
  const heads: Head[] = [];
  for (let i = 0; i < count; i += 1) {
    // Vogel's sunflower spiral spreads heads evenly; the jitter keeps it from looking machine-made.
    const radius = Math.sqrt((i + 0.5) / count);
    const angle = offset + i * 2.39996;
    heads.push({
      x: dome.x + Math.cos(angle) * dome.rx * radius * 0.82 + r.range(-12, 12),
      y: dome.y + Math.sin(angle) * dome.ry * radius * 0.82 + r.range(-10, 10),
      size: r.range(style.bloomSize[0], style.bloomSize[1]) * (1.12 - radius * 0.25),
    });
  }
  // Lower heads are nearer the viewer, so they are drawn last.
  return heads.sort((a, b) => a.y - b.y);
}

function leafPair(d: Defs, r: Random, head: Head): string {
  const colour = foliageColors.leaf;
  const fill = d.linear([
    { offset: 0, color: lighten(colour, 0.2) },
    { offset: 1, color: darken(colour, 0.1) },
  ]);
  const y = head.y + head.size * 1.2;
  const l = head.size * 1.3;
  return (
    `<path d="M0 0Q${n(l * 0.25)} ${n(-l * 0.5)} 0 ${n(-l)}Q${n(-l * 0.25)} ${n(-l * 0.5)} 0 0Z" transform="${place(head.x, y, -35 + r.range(-8, 8))}" fill="${fill}"/>` +
    `<path d="M0 0Q${n(l * 0.25)} ${n(-l * 0.5)} 0 ${n(-l)}Q${n(-l * 0.25)} ${n(-l * 0.5)} 0 0Z" transform="${place(head.x, y, 30 + r.range(-8, 8))}" fill="${fill}"/>`
  );
}
