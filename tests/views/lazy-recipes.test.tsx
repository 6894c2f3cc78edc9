// @vitest-environment jsdom
// The Chakra recipes a first visit downloads are those of the components its pages draw; the rest arrive with the
// first lazy part (src/app/lazy-recipes.ts) and are in the shop's system before that part renders.
import './setup-dom';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it, vi } from 'vitest';
import { pageDataKeys } from '../../domain/page-data';
import type { PageReplies } from '../../domain/page-data';
import { loadLazyPart } from '../../src/app/lazy-route';
import { shopSystem } from '../../src/app/theme';
import { renderPage } from '../../src/entry-server';
import { aCategory, aFlowerDetail, aProduct, headerCategories, shopInfoReply } from './catalog-fixtures';

const dry = aCategory('Everlasting Dry Flowers', { Side: [aProduct({ productName: 'Pampas Bud Vase', externalId: 'p_bud' })] });
const replies: PageReplies = {
  [pageDataKeys.allFlowers()]: { products: [dry] },
  [pageDataKeys.allFlowers('Everlasting Dry Flowers')]: { products: [dry] },
  [pageDataKeys.categoryHeader]: { status: '200', body: headerCategories },
  [pageDataKeys.shopInfo]: shopInfoReply,
  [pageDataKeys.flowerDetail('p_rose')]: { flowerDetail: aFlowerDetail({ externalId: 'p_rose', productName: 'Blush Rose Posy' }) },
};
const firstPages = ['/', '/category/Everlasting%20Dry%20Flowers/Side', '/flower/p_rose'];

function hasRecipe(key: string): boolean {
  return shopSystem().isRecipe(key) || shopSystem().isSlotRecipe(key);
}

describe("the shop's recipes", () => {
  // Runs first: no lazy part has loaded yet in this file.
  it('are, for every component a first page draws, in the system before any lazy part has loaded', async () => {
    const system = shopSystem();
    const asked = new Set<string>();
    const recipeFn = vi.spyOn(system, 'getRecipeFn');
    const slotRecipeFn = vi.spyOn(system, 'getSlotRecipeFn');
    try {
      for (const path of firstPages) {
        const page = await renderPage(new URL(path, 'http://shop.invalid'), replies);
        expect(page?.body, path).toBeTruthy();
      }
      for (const [key] of [...recipeFn.mock.calls, ...slotRecipeFn.mock.calls]) asked.add(key);
    } finally {
      recipeFn.mockRestore();
      slotRecipeFn.mockRestore();
    }
    expect([...asked]).toEqual(expect.arrayContaining(['button', 'heading', 'link']));
    // Some components ask for a recipe Chakra has none of (Text asks for "text"): those need none.
    const styledByChakra = [...asked].filter((key) => key in chakraRecipes || key in chakraSlotRecipes);
    expect(styledByChakra.filter((key) => !hasRecipe(key))).toEqual([]);
    expect(hasRecipe('dialog')).toBe(false);
  });

  it('of the lazy parts are all in the system once the first lazy part has loaded, before it is handed over', async () => {
    const part = await loadLazyPart(async () => {
      expect(hasRecipe('table')).toBe(false);
      return { Page: 'a lazy page' };
    });
    expect(part).toEqual({ Page: 'a lazy page' });
    const { lazyPartsRecipes } = await import('../../src/app/lazy-recipes');
    for (const [key, recipe] of Object.entries(lazyPartsRecipes.recipes)) expect(shopSystem().getRecipe(key), key).toBe(recipe);
    for (const [key, recipe] of Object.entries(lazyPartsRecipes.slotRecipes)) expect(shopSystem().getSlotRecipe(key), key).toBe(recipe);
    expect(Object.keys(lazyPartsRecipes.slotRecipes)).toEqual(expect.arrayContaining(['dialog', 'drawer', 'menu', 'table', 'toast']));
  });
});
