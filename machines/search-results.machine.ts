// The results page of /search?q=… (issue 42). The address is the truth: the page sends `criteria.change` with what it
// says (at the start and on every change, the back button's too), and the machine fetches that page of results. A
// filter, the sort, a price range or a page the shopper picks is not fetched here but shown in the address
// (`showCriteria`), which comes back as `criteria.change`; a new filter starts again at page 1. A failed call says so
// and Try again asks again.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SearchCriteria, SearchFlowersReply } from '../domain/search';
import { errorOf, inputOf, outputOf } from './actor-events';

export interface SearchResultsContext {
  criteria: SearchCriteria;
  reply: SearchFlowersReply | null;
  /** The price range's boxes as typed (digits only), applied with `price.apply`. */
  priceDraft: { min: string; max: string };
}

export type SearchFilterChange = Partial<Pick<SearchCriteria, 'category' | 'kind' | 'sort'>>;

export type SearchResultsEvent =
  | { type: 'criteria.change'; criteria: SearchCriteria }
  | { type: 'filter.change'; change: SearchFilterChange }
  | { type: 'price.change'; field: 'min' | 'max'; value: string }
  | { type: 'price.apply' }
  | { type: 'page.change'; page: number }
  | { type: 'search.retry' };

const unprovided = () => Promise.reject(new Error('provided by the view'));
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 7);
const draftOf = (criteria: SearchCriteria) => ({ min: criteria.minPrice?.toString() ?? '', max: criteria.maxPrice?.toString() ?? '' });
const rupeesOf = (typed: string) => (typed === '' ? undefined : Number(typed));

const searchResultsSetup = setup({
  types: {} as { context: SearchResultsContext; events: SearchResultsEvent; input: { criteria: SearchCriteria } },
  actors: {
    /** GET searchflowers?q=&… */
    searchFlowers: fromPromise<SearchFlowersReply, SearchCriteria>(unprovided),
  },
  actions: {
    /** Puts the criteria in the page's address (which sends them back as `criteria.change`). */
    showCriteria: (_, _params: { criteria: SearchCriteria }) => {},
    logError: (_, _params: { error: unknown }) => {},
    takeInput: assign(({ event }) => {
      const { criteria } = inputOf<{ criteria: SearchCriteria }>(event);
      return { criteria, priceDraft: draftOf(criteria) };
    }),
    takeCriteria: assign(({ event }) => {
      assertEvent(event, 'criteria.change');
      return { criteria: event.criteria, priceDraft: draftOf(event.criteria) };
    }),
    takeReply: assign(({ event }) => ({ reply: outputOf<SearchFlowersReply>(event, 'searchFlowers') })),
    changePrice: assign(({ context, event }) => {
      assertEvent(event, 'price.change');
      return { priceDraft: { ...context.priceDraft, [event.field]: digits(event.value) } };
    }),
  },
  guards: {
    isOtherCriteria: ({ context, event }) => {
      assertEvent(event, 'criteria.change');
      return JSON.stringify(event.criteria) !== JSON.stringify(context.criteria);
    },
  },
});

export const searchResultsMachine = searchResultsSetup.extend({
  actions: {
    showFilter: searchResultsSetup.enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'filter.change');
      enqueue({ type: 'showCriteria', params: { criteria: { ...context.criteria, ...event.change, page: 1 } } });
    }),
    showPriceRange: searchResultsSetup.enqueueActions(({ context, enqueue }) => {
      const [low, high] = [rupeesOf(context.priceDraft.min), rupeesOf(context.priceDraft.max)];
      // Typed the wrong way round: the shopper meant the range between them.
      const [minPrice, maxPrice] = low !== undefined && high !== undefined && low > high ? [high, low] : [low, high];
      enqueue({ type: 'showCriteria', params: { criteria: { ...context.criteria, minPrice, maxPrice, page: 1 } } });
    }),
    showPage: searchResultsSetup.enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'page.change');
      enqueue({ type: 'showCriteria', params: { criteria: { ...context.criteria, page: event.page } } });
    }),
    logCallError: searchResultsSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'searchFlowers') } });
    }),
  },
}).createMachine({
  id: 'searchResults',
  context: { criteria: { q: '', sort: 'relevance', page: 1 }, reply: null, priceDraft: { min: '', max: '' } },
  entry: 'takeInput',
  initial: 'loading',
  on: {
    'filter.change': { actions: 'showFilter' },
    'price.change': { actions: 'changePrice' },
    'price.apply': { actions: 'showPriceRange' },
  },
  states: {
    loading: {
      on: { 'criteria.change': { guard: 'isOtherCriteria', target: 'loading', reenter: true, actions: 'takeCriteria' } },
      invoke: {
        id: 'searchFlowers',
        src: 'searchFlowers',
        input: ({ context }) => context.criteria,
        onDone: { target: 'shown', actions: 'takeReply' },
        onError: { target: 'failed', actions: 'logCallError' },
      },
    },
    shown: {
      on: {
        'criteria.change': { guard: 'isOtherCriteria', target: 'loading', actions: 'takeCriteria' },
        'page.change': { actions: 'showPage' },
      },
    },
    failed: {
      on: {
        'criteria.change': { guard: 'isOtherCriteria', target: 'loading', actions: 'takeCriteria' },
        'search.retry': { target: 'loading' },
      },
    },
  },
});
