// Where the catalogue's pictures are and how big they are drawn, shared by the views (src/components/product-image.tsx)
// and by the server, which names the page's largest picture in the HTML it sends (server/modules/catalog/catalog-page.ts)
// so that both ask for the very same variant. No zod here: the first-paint script imports it.

/** The resized variants `GET flowerimage?w=` serves for srcset. */
export const imageWidths = [320, 640, 960] as const;

/** `flowerimage?sys_name={itemCode}[&w=]`, relative to the API's base address. */
export function flowerImagePath(itemCode: string, width?: number): string {
  const query = new URLSearchParams({ sys_name: itemCode });
  if (width) query.set('w', String(width));
  return `flowerimage?${query.toString()}`;
}

/** The width a product picture is drawn at, for the browser to pick its variant: in a grid, and on its own page. */
export const productImageSizes = {
  card: '(min-width: 80em) 300px, (min-width: 48em) 30vw, 46vw',
  detail: '(min-width: 48em) 50vw, 100vw',
} as const;

/** The srcset of a product picture, its variants addressed under `apiBase` (e.g. "/api"). */
export function productImageSrcSet(apiBase: string, itemCode: string): string {
  return imageWidths.map((width) => `${apiBase}/${flowerImagePath(itemCode, width)} ${width}w`).join(', ');
}

/** The variant an <img> falls back to without srcset support. */
export const defaultImageWidth = 640;
