/**
 * The titles and descriptions of the catalogue pages, one wording for the server's HTML (server/modules/seo, read by
 * search engines and link previews) and for the browser app's tab title when the shopper gets there by a link. No zod
 * here: the first script imports it.
 */
import { formatRupees } from './money';

/** Search engines show about this much of a description; longer ones are cut at a word. */
export const descriptionMax = 160;

/** What the shop sells, after its name on the home page. */
export const shopTagline = 'Fresh & Everlasting Flowers';

const withShop = (title: string, shopName: string | undefined) => (shopName ? `${title} | ${shopName}` : title);

/** `text` on one line, cut at a word with "…" when longer than `max`. */
export function clipText(text: string, max = descriptionMax): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The first sentence (or line) of a product's description, for a one-line summary. */
function firstLine(text: string | null | undefined): string {
  const trimmed = text?.trim() ?? '';
  const end = trimmed.search(/[.!?]\s|\n/);
  return end === -1 ? trimmed : trimmed.slice(0, trimmed[end] === '\n' ? end : end + 1).trim();
}

/** A list as a person writes it: "A", "A and B", "A, B and C". */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

export function homePageTitle(shopName: string): string {
  return `${shopName} — ${shopTagline}`;
}

export function homePageDescription(shopName: string, categoryNames: readonly string[]): string {
  const sells = categoryNames.length ? joinWithAnd(categoryNames) : 'fresh flowers and everlasting arrangements';
  return clipText(`${shopName}: ${sells}, delivered across India. Order online with a gift message and a delivery date of your choice.`);
}

export function categoryPageTitle(categoryName: string, subCategoryName: string, shopName?: string): string {
  return withShop(`${subCategoryName} · ${categoryName}`, shopName);
}

export interface CategoryContents {
  productNames: readonly string[];
  /** The lowest selling price among them, in rupees. */
  lowestPrice: number | null;
}

export function categoryPageDescription(categoryName: string, subCategoryName: string, contents: CategoryContents): string {
  const count = contents.productNames.length;
  if (count === 0) return clipText(`${subCategoryName} from our ${categoryName} collection: new arrangements are on their way.`);
  const from = contents.lowestPrice === null ? '' : ` from ${formatRupees(contents.lowestPrice)}`;
  const examples = joinWithAnd(contents.productNames.slice(0, 3));
  return clipText(`${subCategoryName} from our ${categoryName} collection: ${count} ${count === 1 ? 'arrangement' : 'arrangements'}${from}, such as ${examples}.`);
}

export function productPageTitle(productName: string, sellingPrice: number, shopName?: string): string {
  return withShop(`${productName} — ${formatRupees(sellingPrice)}`, shopName);
}

export function productPageDescription(productName: string, sellingPrice: number, description: string | null | undefined): string {
  const summary = firstLine(description);
  return clipText(`${productName}, ${formatRupees(sellingPrice)}.${summary ? ` ${summary}` : ''}`);
}
