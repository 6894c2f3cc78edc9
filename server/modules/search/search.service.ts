/** Search (issue 42): the results page and the header box's suggestions, from one ranked query. */
import { rupeesToPaise } from '../../../domain/money';
import { searchLimits, searchTerms } from '../../../domain/search';
import type { SearchFlowersQuery, SearchFlowersReply, SearchSuggestionsReply } from '../../../domain/search';
import type { Database } from '../../db/client';
import { cachedSearch } from '../catalog/catalog.cache';
import type { Cached } from '../catalog/catalog.cache';
import { productSummaryOf } from '../catalog/product-summary';
import { selectSearchRows } from './search.queries';

/**
 * Replies are cached with the catalogue (catalog.cache.ts), serialized: one query per distinct search until the
 * catalogue changes, and one JSON and compression per load.
 * The key is the words as searched, so "Gerbra" and "gerbra!" share one.
 */
export function searchFlowers(db: Database, query: SearchFlowersQuery): Promise<Cached<SearchFlowersReply>> {
  const terms = searchTerms(query.q);
  const { q: _q, ...filters } = query;
  const key = JSON.stringify(['flowers', terms, filters.category?.toLowerCase() ?? null, filters.minPrice ?? null, filters.maxPrice ?? null, filters.kind ?? null, filters.sort, filters.page]);
  return cachedSearch(db, key, () => loadSearch(db, terms, query));
}

async function loadSearch(db: Database, terms: string[], query: SearchFlowersQuery): Promise<SearchFlowersReply> {
  const { pageSize } = searchLimits;
  if (terms.length === 0) return { total: 0, page: query.page, pageSize, products: [] };
  const rows = await selectSearchRows(
    db,
    terms,
    {
      categoryName: query.category || undefined,
      minPricePaise: query.minPrice === undefined ? undefined : rupeesToPaise(query.minPrice),
      maxPricePaise: query.maxPrice === undefined ? undefined : rupeesToPaise(query.maxPrice),
      kind: query.kind,
    },
    { sort: query.sort, limit: pageSize, offset: (query.page - 1) * pageSize },
  );
  return {
    total: rows[0]?.total ?? 0,
    page: query.page,
    pageSize,
    products: rows.map((row) => ({ ...productSummaryOf(row), categoryName: row.categoryName, subCategoryName: row.subCategoryName })),
  };
}

export function searchSuggestions(db: Database, q: string): Promise<Cached<SearchSuggestionsReply>> {
  const terms = searchTerms(q);
  return cachedSearch(db, JSON.stringify(['suggestions', terms]), () => loadSuggestions(db, terms));
}

async function loadSuggestions(db: Database, terms: string[]): Promise<SearchSuggestionsReply> {
  if (terms.length === 0) return { suggestions: [] };
  const rows = await selectSearchRows(db, terms, {}, { sort: 'relevance', limit: searchLimits.suggestions, offset: 0 });
  return { suggestions: rows.map((row) => ({ externalId: row.externalId, productName: row.name, categoryName: row.categoryName })) };
}
