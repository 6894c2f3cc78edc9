// Image addresses of the catalogue (SPEC.md §7), apart from the API client: <img> tags need no fetch code.
import { flowerImagePath } from '../../domain/product-images';
import { siteImagePath } from '../../domain/site-images';
import type { SiteImageSlot } from '../../domain/site-images';
import { imageBaseUrl } from './api-base';

/** `GET flowerimage?sys_name={itemCode}[&w=]`: an <img> address, optionally a resized variant for srcset. */
export function flowerImageUrl(itemCode: string, width?: number): string {
  return `${imageBaseUrl}/${flowerImagePath(itemCode, width)}`;
}

/** `GET heroimage?image={slot}`: the admin-managed hero and bottom banner images. */
export function heroImageUrl(slot: SiteImageSlot): string {
  return `${imageBaseUrl}/${siteImagePath(slot)}`;
}
