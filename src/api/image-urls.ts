// Image addresses of the catalogue (SPEC.md §7), apart from the API client: <img> tags need no fetch code, and the
// home page's first-paint hints (src/preload-hints.ts) use them without pulling the app's libraries into their entry.
import { flowerImagePath } from '../../domain/product-images';
import type { SiteImageSlot } from '../../domain/site-images';
import { imageBaseUrl } from './api-base';

/** `GET flowerimage?sys_name={itemCode}[&w=]`: an <img> address, optionally a resized variant for srcset. */
export function flowerImageUrl(itemCode: string, width?: number): string {
  return `${imageBaseUrl}/${flowerImagePath(itemCode, width)}`;
}

/** From Chakra's md breakpoint up a banner shows its desktop picture (site-picture.tsx, and the hero's preload). */
export const desktopPictureMedia = '(min-width: 48em)';

/** `GET heroimage?image={slot}`: the admin-managed hero and bottom banner images. */
export function heroImageUrl(slot: SiteImageSlot): string {
  return `${imageBaseUrl}/heroimage?image=${encodeURIComponent(slot)}`;
}
