/**
 * The shop as search engines and link previews see it: its public address (PUBLIC_BASE_URL, as mails build links), its
 * name, and its street address when the admin's Settings (or the environment) hold one.
 */
import type { Config } from '../../config';
import type { ShopSettings } from '../../../domain/shop-settings';
import { publicShopInfo } from '../shop/shop.service';

export interface Site {
  /** The shop's public base URL, without a trailing slash: every address a crawler reads starts with it. */
  baseUrl: string;
  name: string;
  logoUrl: string;
  email: string;
  phone: string;
  /** The shop's street address, on one line; null when none is set. */
  address: string | null;
  /** The state of that address (Settings), e.g. "Tamil Nadu". */
  region: string | null;
}

export function siteOf(config: Pick<Config, 'shop' | 'publicBaseUrl'>, settings: Pick<ShopSettings, 'address' | 'state'> | null): Site {
  const info = publicShopInfo(config);
  const address = (settings?.address ?? config.shop.address).replace(/\s+/g, ' ').trim();
  return {
    baseUrl: config.publicBaseUrl,
    name: info.name,
    logoUrl: info.logoUrl,
    email: info.email,
    phone: info.phone,
    address: address || null,
    region: settings?.state ?? null,
  };
}

/** `path` (which starts with "/") as an absolute URL of the shop. */
export const absoluteUrl = (site: Pick<Site, 'baseUrl'>, path: string) => `${site.baseUrl}${path}`;
