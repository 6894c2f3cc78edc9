/**
 * The shop's legal details and the accountant's settings (issue 41): the saved row, or until the admin saves one the
 * environment's values (server/config.ts) with the documented defaults. Saved only when valid as a whole.
 */
import { eq } from 'drizzle-orm';
import { shopState } from '../../../domain/indian-states';
import { shopSettings as shopSettingsSchema } from '../../../domain/shop-settings';
import type { ShopSettings } from '../../../domain/shop-settings';
import type { ShopConfig } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { shopSettings } from '../../db/schema';
import { cachedCatalog, cachedDataChanged } from '../catalog/catalog.cache';

/** What a shop starts with: its environment, invoices "PS/…", credit notes "CN/…", gifts supplied where delivered. */
export function defaultSettings(shop: ShopConfig): ShopSettings {
  return {
    legalName: shop.legalName,
    tradeName: shop.name,
    address: shop.address,
    state: shopState,
    gstin: shop.gstin,
    invoicePrefix: 'PS',
    creditNotePrefix: 'CN',
    signatory: shop.signatory,
    lowStockThreshold: 5,
    giftPlaceOfSupply: 'delivery',
  };
}

export async function readSettings(db: Database | Transaction, shop: ShopConfig): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1)).limit(1);
  if (!row) return defaultSettings(shop);
  const { id: _id, updatedAt: _updatedAt, ...stored } = row;
  // Stored rows were checked when saved; parsing again keeps the type honest should a row be edited by hand.
  const parsed = shopSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaultSettings(shop);
}

/**
 * The settings as readSettings answers them, through the catalogue's cache (catalog.cache.ts): every paid order's GST
 * document needs them, and only saveSettings changes them.
 */
export async function cachedSettings(db: Database, shop: ShopConfig): Promise<ShopSettings> {
  return (await cachedCatalog(db, 'shop-settings', () => readSettings(db, shop))).value;
}

/** Saves the settings, which the route has validated whole (domain/shop-settings.ts); the settings as stored. */
export async function saveSettings(db: Database, settings: ShopSettings): Promise<ShopSettings> {
  const values = { ...settings, updatedAt: new Date() };
  await db.insert(shopSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: shopSettings.id, set: values });
  await cachedDataChanged(db);
  return settings;
}
