/** The shop's public identity: what `GET /api/shop` answers and what a storefront page arrives with. */
import { checkoutLogoPath } from '../../../domain/shop';
import type { ShopInfo } from '../../../domain/shop';
import type { Config } from '../../config';

export function publicShopInfo({ shop, publicBaseUrl }: Pick<Config, 'shop' | 'publicBaseUrl'>): ShopInfo {
  const { name, email, phone, address, instagramUrl, facebookUrl, whatsappUrl } = shop;
  return { name, email, phone, address, instagramUrl, facebookUrl, whatsappUrl, logoUrl: `${publicBaseUrl}${checkoutLogoPath}` };
}
