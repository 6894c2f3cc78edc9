/**
 * Search's one query (issue 42): full-text match (english stems, accents folded, each word also as a prefix) on the
 * product's name and description and on its category's and sub-category's names, or pg_trgm word similarity of the
 * typed words to those names, so that a typo ("gerbra") still finds. Each way in has its index (migration 0022); the
 * candidates are then ranked, filtered and paged. Removed products never come back.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import type { SearchSort } from '../../../domain/search';
import type { Database } from '../../db/client';
import type { ProductSummaryRow } from '../catalog/product-summary';
import type { StarCounts } from '../reviews/reviews.queries';

export interface SearchFilters {
  categoryName?: string;
  minPricePaise?: number;
  maxPricePaise?: number;
  kind?: DeliveryKind;
}

export type SearchRow = ProductSummaryRow & {
  categoryName: string;
  subCategoryName: string;
  /** Visible reviews per number of stars, 1..5 (issue 42); null when nobody reviewed it. */
  stars: StarCounts | null;
  total: number;
};

const orderings: Record<SearchSort, SQL> = {
  relevance: sql`score desc, p.id`,
  price_asc: sql`p.selling_price_paise, score desc, p.id`,
  price_desc: sql`p.selling_price_paise desc, score desc, p.id`,
  newest: sql`p.created_at desc, p.id desc`,
};

/**
 * `terms` are letters and digits only (domain/search.ts searchTerms), never empty; each goes in as a bound value. A
 * product is found when every word is found somewhere (its name or description, as a word or a prefix; its category's
 * or sub-category's name; or close to a word of one of those names), so a second word narrows and never widens. A stop
 * word ("the") has no full-text query and finds everything, so that it narrows nothing either.
 */
export async function selectSearchRows(
  db: Database,
  terms: string[],
  filters: SearchFilters,
  { sort, limit, offset }: { sort: SearchSort; limit: number; offset: number },
): Promise<SearchRow[]> {
  const phrase = terms.join(' ');
  const allTerms = sql`to_tsquery('english', ${terms.map((term) => `${term}:*`).join(' & ')})`;
  const where: SQL[] = [sql`not p.is_removed`];
  if (filters.categoryName !== undefined) where.push(sql`lower(c.name) = ${filters.categoryName.toLowerCase()}`);
  if (filters.minPricePaise !== undefined) where.push(sql`p.selling_price_paise >= ${filters.minPricePaise}`);
  if (filters.maxPricePaise !== undefined) where.push(sql`p.selling_price_paise <= ${filters.maxPricePaise}`);
  if (filters.kind !== undefined) where.push(sql`coalesce(p.delivery_kind, c.delivery_kind) = ${filters.kind}`);
  const candidates = sql.join(terms.map(productsMatching), sql` intersect `);

  // pg_trgm's `<%` reads its threshold from the connection's settings (server/db/client.ts, sessionSettings).
  const result = await db.execute(sql`
    with query as (select ${allTerms} as q, ${phrase}::text as words),
    candidates as (${candidates})
    select p.external_id as "externalId", p.item_code as "itemCode", p.name, p.selling_price_paise as "sellingPricePaise",
      p.mrp_paise as "mrpPaise", coalesce(p.delivery_kind, c.delivery_kind) as "deliveryKind",
      c.name as "categoryName", s.name as "subCategoryName", (count(*) over ())::integer as total,
      case when r.product_id is null then null
        else json_build_array(r.one_star, r.two_stars, r.three_stars, r.four_stars, r.five_stars) end as stars,
      ts_rank(p.search_document, query.q)
        + word_similarity(query.words, shop_search_text(p.name))
        + 0.5 * word_similarity(query.words, shop_search_text(s.name || ' ' || c.name)) as score
    from candidates
    join products p on p.id = candidates.id
    join categories c on c.id = p.category_id
    join sub_categories s on s.id = p.sub_category_id
    left join product_ratings r on r.product_id = p.id
    cross join query
    where ${sql.join(where, sql` and `)}
    order by ${orderings[sort]}
    limit ${limit} offset ${offset}`);
  return (result as unknown as { rows: SearchRow[] }).rows;
}

/** The ids of products one word finds; each branch has its index (migration 0022), so none reads the whole table. */
function productsMatching(term: string): SQL {
  const q = sql`to_tsquery('english', ${`${term}:*`})`;
  return sql`(
    select p.id from products p where p.search_document @@ ${q}
    union select p.id from products p where ${term} <% shop_search_text(p.name)
    union select p.id from products p where p.category_id in (
      select c.id from categories c where shop_search_vector(c.name, null) @@ ${q} or ${term} <% shop_search_text(c.name))
    union select p.id from products p where p.sub_category_id in (
      select s.id from sub_categories s where shop_search_vector(s.name, null) @@ ${q} or ${term} <% shop_search_text(s.name))
    union select p.id from products p where numnode(${q}) = 0
  )`;
}
