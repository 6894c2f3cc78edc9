import { z } from 'zod/mini';
import { productSummary } from './catalog';
import { deliveryKind } from './delivery-kind';

/**
 * Search's contract (issue 42): `GET searchflowers` for the results page and `GET searchsuggestions` for the header
 * box. Money is rupees on the wire, as in the catalogue.
 */
export const searchLimits = { queryMax: 100, pageSize: 24, suggestions: 6, pageMax: 1000, priceMax: 1_000_000 } as const;

export const searchSorts = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type SearchSort = (typeof searchSorts)[number];
export const searchSortLabels: Record<SearchSort, string> = {
  relevance: 'Best match',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest first',
};

export const searchMessages = {
  query: 'Please type what you are looking for',
  queryTooLong: `Search words can be at most ${searchLimits.queryMax} characters`,
  controlCharacters: 'Search words cannot contain control characters',
  price: 'Prices are whole rupees from 0 to 10,00,000',
  page: `Page must be a whole number from 1 to ${searchLimits.pageMax}`,
  priceRange: 'The lowest price cannot be above the highest',
} as const;

// Tab, newline and the other C0/C1 controls: nothing a shopper types, often something a scanner sends.
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

const searchWords = z
  .string({ error: searchMessages.query })
  .check(
    z.refine((q: string) => !controlCharacter.test(q), { error: searchMessages.controlCharacters }),
    z.trim(),
    z.minLength(1, { error: searchMessages.query }),
    z.maxLength(searchLimits.queryMax, { error: searchMessages.queryTooLong }),
  );

const wholeRupees = z.coerce
  .number({ error: searchMessages.price })
  .check(z.int({ error: searchMessages.price }), z.nonnegative({ error: searchMessages.price }), z.maximum(searchLimits.priceMax, { error: searchMessages.price }));

/** `GET searchflowers?q=&category=&minPrice=&maxPrice=&kind=&sort=&page=` */
export const searchFlowersQuery = z
  .object({
    q: searchWords,
    /** A category's name, case-insensitive, as `allflowers?category_name=`. */
    category: z.optional(z.string().check(z.trim(), z.maxLength(50))),
    minPrice: z.optional(wholeRupees),
    maxPrice: z.optional(wholeRupees),
    kind: z.optional(deliveryKind),
    sort: z._default(z.enum(searchSorts), 'relevance'),
    page: z._default(
      z.coerce
        .number({ error: searchMessages.page })
        .check(z.int({ error: searchMessages.page }), z.positive({ error: searchMessages.page }), z.maximum(searchLimits.pageMax, { error: searchMessages.page })),
      1,
    ),
  })
  .check(
    z.refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
      error: searchMessages.priceRange,
    }),
  );
export type SearchFlowersQuery = z.infer<typeof searchFlowersQuery>;

export const searchResult = z.extend(productSummary, { categoryName: z.string(), subCategoryName: z.string() });
export type SearchResult = z.infer<typeof searchResult>;

export const searchFlowersReply = z.object({
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  products: z.array(searchResult),
});
export type SearchFlowersReply = z.infer<typeof searchFlowersReply>;

/** `GET searchsuggestions?q=`: the few best matches for the header box, best first. */
export const searchSuggestionsQuery = z.object({ q: searchWords });
export const searchSuggestion = z.object({ externalId: z.string(), productName: z.string(), categoryName: z.string() });
export type SearchSuggestion = z.infer<typeof searchSuggestion>;
export const searchSuggestionsReply = z.object({ suggestions: z.array(searchSuggestion) });
export type SearchSuggestionsReply = z.infer<typeof searchSuggestionsReply>;

/**
 * The words a query searches for: letters and digits, accents folded, lower case. Punctuation, emoji and symbols are
 * no words, so a query of only those finds nothing (an empty answer, not an error).
 */
export function searchTerms(q: string): string[] {
  const folded = q.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return (folded.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((word) => word.slice(0, 40));
}

/** What the results page shows, as its address says (`/search?q=…`): the query's fields, prices in whole rupees. */
export interface SearchCriteria {
  q: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  kind?: 'hand' | 'courier';
  sort: SearchSort;
  page: number;
}

/** The criteria an address's query string holds; anything the route would refuse is left out, never sent. */
export function searchCriteriaOf(params: URLSearchParams): SearchCriteria {
  const parsed = searchFlowersQuery.safeParse({
    q: params.get('q') ?? '',
    ...Object.fromEntries(['category', 'minPrice', 'maxPrice', 'kind', 'sort', 'page'].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : []))),
  });
  if (parsed.success) return parsed.data;
  return { q: (params.get('q') ?? '').slice(0, searchLimits.queryMax), sort: 'relevance', page: 1 };
}

/** The query string of criteria, without the defaults: the results page's address and the route's query alike. */
export function searchParamsOf(criteria: SearchCriteria): URLSearchParams {
  const params = new URLSearchParams({ q: criteria.q });
  if (criteria.category) params.set('category', criteria.category);
  if (criteria.minPrice !== undefined) params.set('minPrice', String(criteria.minPrice));
  if (criteria.maxPrice !== undefined) params.set('maxPrice', String(criteria.maxPrice));
  if (criteria.kind) params.set('kind', criteria.kind);
  if (criteria.sort !== 'relevance') params.set('sort', criteria.sort);
  if (criteria.page !== 1) params.set('page', String(criteria.page));
  return params;
}
