/**
 * How each sub-category's pictures look: which flowers, fillers and containers it draws from, and in which colours.
 * Dried arrangements keep to beige, terracotta, dusty pink and gold; fresh ones to red, pink, white, yellow and purple.
 */
import type { BloomKind } from './blooms';
import type { ContainerKind } from './containers';
import type { FillerKind } from './foliage';

export type ArtStyleKey =
  | 'dried-exotic'
  | 'dried-posy'
  | 'dried-round'
  | 'dried-side'
  | 'fresh-exotic'
  | 'fresh-bouquets'
  | 'fresh-roses'
  | 'fresh-lilies';

export interface ArtStyle {
  walls: readonly string[];
  blooms: readonly BloomKind[];
  bloomColors: readonly string[];
  bloomCount: readonly [number, number];
  bloomSize: readonly [number, number];
  fillers: readonly FillerKind[];
  fillerCount: readonly [number, number];
  containers: readonly ContainerKind[];
  containerColors: readonly string[];
  ribbons: readonly string[];
  dried: boolean;
}

export const dried = {
  beige: '#E3CFAE',
  sand: '#D8BF94',
  terracotta: '#C0704F',
  rust: '#A85A3A',
  dustyPink: '#D98C8C',
  blush: '#E8B4AA',
  gold: '#C9A227',
  honey: '#DDB75E',
  ivory: '#F3EAD8',
  mauve: '#B88A94',
} as const;

export const fresh = {
  red: '#B5162F',
  crimson: '#8E1026',
  pink: '#E56F95',
  blush: '#F2A7BB',
  white: '#F7F1EA',
  yellow: '#F2C443',
  peach: '#F2A173',
  purple: '#8A56B0',
  lilac: '#B79AD8',
  coral: '#EE7A63',
} as const;

export const foliageColors = {
  leaf: '#2F6B4F',
  deepLeaf: '#1F4D3A',
  sage: '#8DA596',
  eucalyptus: '#7E9E92',
  driedLeaf: '#A89468',
  fern: '#4F7D4A',
} as const;

export const artStyles: Record<ArtStyleKey, ArtStyle> = {
  'dried-exotic': {
    walls: ['#E9D9C4', '#E6CFC2', '#DCD6C4'],
    blooms: ['strawflower', 'rose', 'peony'],
    bloomColors: [dried.terracotta, dried.rust, dried.gold, dried.blush, dried.ivory],
    bloomCount: [3, 5],
    bloomSize: [52, 68],
    fillers: ['pampas', 'palm', 'pampas', 'wheat', 'bunnyTail'],
    fillerCount: [7, 10],
    containers: ['urn', 'vase'],
    containerColors: ['#EFE6D8', '#B86B4B', '#2B2B2B', '#D8C8A8'],
    ribbons: [],
    dried: true,
  },
  'dried-posy': {
    walls: ['#F0DCD6', '#ECE0CC', '#E7D8D8'],
    blooms: ['rose', 'strawflower', 'ranunculus'],
    bloomColors: [dried.dustyPink, dried.blush, dried.ivory, dried.mauve, dried.honey],
    bloomCount: [7, 9],
    bloomSize: [50, 64],
    fillers: ['bunnyTail', 'pampas', 'gypsophila', 'wheat'],
    fillerCount: [6, 9],
    containers: ['wrap'],
    containerColors: ['#C9A77C', '#D2B48C', '#BFA07A'],
    ribbons: ['#D98C8C', '#1F4D3A', '#C9A227', '#F3EAD8'],
    dried: true,
  },
  'dried-round': {
    walls: ['#E4DCCB', '#EBD9CF', '#DAD9C8'],
    blooms: ['strawflower', 'rose', 'ranunculus', 'daisy'],
    bloomColors: [dried.honey, dried.terracotta, dried.blush, dried.ivory, dried.gold, dried.dustyPink],
    bloomCount: [12, 15],
    bloomSize: [46, 58],
    fillers: ['bunnyTail', 'gypsophila', 'wheat', 'pampas'],
    fillerCount: [5, 8],
    containers: ['bowl', 'basket'],
    containerColors: ['#EFE6D8', '#C9A77C', '#9A7B5A', '#D98C8C'],
    ribbons: [],
    dried: true,
  },
  'dried-side': {
    walls: ['#E7DED0', '#E9D7C9', '#DED7CB'],
    blooms: ['strawflower', 'rose'],
    bloomColors: [dried.gold, dried.terracotta, dried.dustyPink, dried.ivory],
    bloomCount: [3, 4],
    bloomSize: [44, 56],
    fillers: ['pampas', 'bunnyTail', 'wheat', 'palm', 'gypsophila'],
    fillerCount: [6, 9],
    containers: ['bottle', 'vase'],
    containerColors: ['#EFE6D8', '#B86B4B', '#2B2B2B', '#C9A227', '#8DA596'],
    ribbons: [],
    dried: true,
  },
  'fresh-exotic': {
    walls: ['#E6E0EE', '#E3EAE2', '#EFE3E6'],
    blooms: ['lily', 'tulip', 'peony'],
    bloomColors: [fresh.purple, fresh.lilac, fresh.white, fresh.coral, fresh.yellow],
    bloomCount: [4, 6],
    bloomSize: [64, 80],
    fillers: ['fern', 'leaf', 'eucalyptus'],
    fillerCount: [5, 8],
    containers: ['vase', 'urn'],
    containerColors: ['#F4EFE8', '#1F4D3A', '#2B2B2B', '#D8C8A8'],
    ribbons: [],
    dried: false,
  },
  'fresh-bouquets': {
    walls: ['#F2E2E2', '#F0E9D8', '#E5ECE4'],
    blooms: ['rose', 'peony', 'daisy', 'ranunculus'],
    bloomColors: [fresh.pink, fresh.blush, fresh.white, fresh.yellow, fresh.peach, fresh.lilac],
    bloomCount: [8, 10],
    bloomSize: [54, 68],
    fillers: ['eucalyptus', 'leaf', 'gypsophila'],
    fillerCount: [6, 9],
    containers: ['wrap'],
    containerColors: ['#C9A77C', '#D2B48C', '#E8D9C4'],
    ribbons: ['#D98C8C', '#1F4D3A', '#C9A227'],
    dried: false,
  },
  'fresh-roses': {
    walls: ['#F3E4E1', '#EFE6DA', '#E9E4E4'],
    blooms: ['rose'],
    bloomColors: [fresh.red, fresh.crimson, fresh.pink, fresh.blush, fresh.white, fresh.yellow],
    bloomCount: [9, 12],
    bloomSize: [52, 64],
    fillers: ['leaf', 'gypsophila', 'eucalyptus'],
    fillerCount: [5, 8],
    containers: ['wrap', 'glass', 'basket'],
    containerColors: ['#C9A77C', '#E8D9C4', '#2B2B2B'],
    ribbons: ['#D98C8C', '#1F4D3A', '#C9A227', '#2B2B2B'],
    dried: false,
  },
  'fresh-lilies': {
    walls: ['#EEF0E6', '#F2E8E4', '#E8ECEE'],
    blooms: ['lily'],
    bloomColors: [fresh.white, fresh.blush, fresh.pink, fresh.yellow, fresh.peach],
    bloomCount: [4, 5],
    bloomSize: [74, 90],
    fillers: ['leaf', 'fern', 'eucalyptus'],
    fillerCount: [5, 7],
    containers: ['glass', 'vase'],
    containerColors: ['#CFE3E0', '#F4EFE8', '#1F4D3A'],
    ribbons: [],
    dried: false,
  },
};
