// The API replies the server already knows when it sends a catalogue page, embedded in that page so that its first
// render needs no API round trip (server/modules/catalog/catalog-page.ts writes them, src/app/page-data.ts reads them).
// Each is keyed by what the browser would have asked for.

/** The id of the <script type="application/json"> element that carries them. */
export const pageDataElementId = 'page-data';

export const pageDataKeys = {
  allFlowers: (categoryName?: string) => `allflowers:${categoryName ?? '*'}`,
  categoryHeader: 'categoryheader',
  flowerDetail: (flowerExtId: string) => `flower:${flowerExtId}`,
  shopInfo: 'shop',
} as const;

/** What one page carries: the replies by key. */
export type PageReplies = Record<string, unknown>;

/**
 * The <meta> of the built page naming, space-separated and in the order they run, the app's scripts (vite.config.ts,
 * appScriptsAfterThePicture): src/start-app.ts runs them once the page's largest picture has painted.
 */
export const appScriptsMetaName = 'shop:app-scripts';

/**
 * The <meta> naming, space-separated, the lazy chunks of the page's own code (server/modules/web/page-scripts.ts):
 * src/start-app.ts fetches them beside the app's script.
 */
export const pageScriptsMetaName = 'shop:page-scripts';
