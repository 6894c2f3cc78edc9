// The shop's Chakra system: botanical palette and type of DESIGN.md §5a on top of Chakra's base tokens, with only the
// recipes the shop renders registered, so unused component styles stay out of the bundle. The recipes here are those
// of the components a first visit draws (header, footer, home, category and product pages); the rest come with the
// first lazy part of the app (src/app/lazy-recipes.ts), see addRecipes.
import { createSystem, defaultBaseConfig, defineConfig, defineLayerStyles } from '@chakra-ui/react';
import type { SystemConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { buttonRecipe } from '@chakra-ui/react/theme/recipes/button';
import { headingRecipe } from '@chakra-ui/react/theme/recipes/heading';
import { linkRecipe } from '@chakra-ui/react/theme/recipes/link';
import { skeletonRecipe } from '@chakra-ui/react/theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-ui/react/theme/recipes/spinner';

/** Raw brand colours. Text colours are checked for WCAG AA (≥ 4.5:1) on cream. */
export const brandColors = {
  cream: '#FBF7F2',
  leaf: '#1F4D3A', // 9.0:1 on cream
  leafHover: '#173A2C',
  leafSoft: '#EAF1EC',
  rose: '#D98C8C', // decorative or as a background under ink text (5.5:1); never as text on cream
  roseHover: '#CF7A7A',
  roseDeep: '#A4464F', // rose as text on cream, 5.5:1
  roseSoft: '#F4E1DE',
  gold: '#C9A227', // details only (rules, icons), never text
  goldText: '#8A6D12', // gold as text on cream, 4.6:1
  ink: '#2B2B2B', // 13.3:1 on cream
  muted: '#6E6A66', // struck MRP and secondary text, 5.0:1 on cream
  line: '#E8DFD3',
  white: '#FFFFFF',
} as const;

const shopLayerStyles = defineLayerStyles({
  // The shop's white card on cream. Padding stays with each card: the cards share this look, not their spacing.
  card: {
    value: {
      bg: 'white',
      borderWidth: '1px',
      borderColor: 'brand.line',
      borderRadius: '2xl',
      boxShadow: '0 1px 2px rgba(43, 43, 43, 0.04), 0 12px 32px -16px rgba(31, 77, 58, 0.18)',
    },
  },
});

/**
 * Chakra's palettes the shop never names (directly, or through a status colour of alerts and toasts) are left out:
 * createSystem turns every token into CSS variables while the page starts, on a slow phone a long task of its own.
 */
const unusedPalettes = new Set(['yellow', 'teal', 'cyan', 'purple', 'pink']);
function withoutUnusedPalettes<T extends Record<string, unknown>>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !unusedPalettes.has(name))) as T;
}

/**
 * The shop has one colour scheme. Chakra's semantic tokens name a light and a dark value each, which createSystem turns
 * into two more blocks of CSS variables (for `:root, .light` and for `.dark`) that a page parses before its first
 * paint; here each keeps its light value only.
 */
function lightOnly<T>(tokens: T): T {
  if (!tokens || typeof tokens !== 'object') return tokens;
  return Object.fromEntries(
    Object.entries(tokens).map(([key, token]) => {
      if (key === 'value' && token && typeof token === 'object' && '_light' in token) return [key, token._light];
      return [key, lightOnly(token)];
    }),
  ) as T;
}

const shopConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    html: { color: 'brand.ink', bg: 'brand.cream', lineHeight: '1.5', colorPalette: 'leaf' },
    body: { bg: 'brand.cream', color: 'brand.ink', fontFamily: 'body' },
    'h1, h2, h3, h4': { fontFamily: 'heading' },
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    breakpoints,
    keyframes: {
      ...keyframes,
      // The bag badge's pop, in CSS so that no animation library joins the first download.
      'badge-pop': { from: { transform: 'scale(0.4)', opacity: 0 }, to: { transform: 'scale(1)', opacity: 1 } },
    },
    tokens: {
      ...tokens,
      colors: {
        ...withoutUnusedPalettes(tokens.colors),
        brand: Object.fromEntries(Object.entries(brandColors).map(([name, value]) => [name, { value }])),
      },
      fonts: {
        ...tokens.fonts,
        heading: { value: '"Cormorant Garamond", "Cormorant Garamond fallback", Georgia, "Times New Roman", serif' },
        body: { value: '"Inter Variable", "Inter fallback", Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif' },
      },
    },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: {
        ...withoutUnusedPalettes(semanticTokens.colors),
        bg: { ...semanticTokens.colors.bg, DEFAULT: { value: '{colors.brand.cream}' }, panel: { value: '{colors.white}' } },
        fg: { ...semanticTokens.colors.fg, DEFAULT: { value: '{colors.brand.ink}' }, muted: { value: '{colors.brand.muted}' } },
        border: { ...semanticTokens.colors.border, DEFAULT: { value: '{colors.brand.line}' } },
        // colorPalette="leaf" / "rose" make Chakra's solid, outline, subtle and ghost variants speak the brand.
        leaf: {
          solid: { value: '{colors.brand.leaf}' },
          contrast: { value: '{colors.white}' },
          fg: { value: '{colors.brand.leaf}' },
          muted: { value: '#CFE0D6' },
          subtle: { value: '{colors.brand.leafSoft}' },
          emphasized: { value: '#D6E5DC' },
          focusRing: { value: '{colors.brand.leaf}' },
        },
        rose: {
          solid: { value: '{colors.brand.rose}' },
          contrast: { value: '{colors.brand.ink}' },
          fg: { value: '{colors.brand.roseDeep}' },
          muted: { value: '#EDCACA' },
          subtle: { value: '{colors.brand.roseSoft}' },
          emphasized: { value: '#ECCFCB' },
          focusRing: { value: '{colors.brand.roseDeep}' },
        },
      },
    }),
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {},
    textStyles,
    layerStyles: { ...layerStyles, ...shopLayerStyles },
    animationStyles,
  },
});

type ShopSystem = ReturnType<typeof createSystem>;
let system: ShopSystem | undefined;

/**
 * The system is built on first use, not when this module is evaluated: building it (every token resolved, its CSS
 * variables named) is the largest piece of the app's start-up, and src/main.tsx gives it a task of its own, so that
 * on a slow phone evaluating the app's script and building its theme are two shorter tasks instead of one long one.
 * createSystem merges (deep-copies) the configs itself: merged here first, they were copied twice.
 */
export function shopSystem(): ShopSystem {
  return (system ??= createSystem(defaultBaseConfig, shopConfig));
}

type Theme = NonNullable<SystemConfig['theme']>;
export interface Recipes {
  recipes: NonNullable<Theme['recipes']>;
  slotRecipes: NonNullable<Theme['slotRecipes']>;
}

/**
 * Registers more recipes with the shop's system. Chakra looks a component's recipe up in its system's theme when the
 * component first renders, so recipes added before then style it exactly as if the system had been built with them.
 */
export function addRecipes({ recipes, slotRecipes }: Recipes): void {
  // shopConfig names both maps, so the system holds them as objects of its own: the ones its lookups read.
  const theme = shopSystem()._config.theme;
  if (!theme?.recipes || !theme.slotRecipes) throw new Error("The shop's system has no recipes to add to.");
  Object.assign(theme.recipes, recipes);
  Object.assign(theme.slotRecipes, slotRecipes);
}
