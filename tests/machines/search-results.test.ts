// The results page's machine (/search?q=…), model-based: every state and transition walked with a held call, checking
// that the address's criteria are what it fetches (a repeat of the same criteria fetches nothing), that a filter, a
// price range or a page goes to the address (page 1 again for a new filter), that typed prices keep their digits, and
// that Try again asks again.
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { EventFrom } from 'xstate';
import type { SearchCriteria, SearchFlowersReply } from '../../domain/search';
import { searchResultsMachine } from '../../machines/search-results.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, retryStep, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof searchResultsMachine>;

const first: SearchCriteria = { q: 'gerbra', sort: 'relevance', page: 2 };
/** The second walk's address: there the criteria change only once a search has answered or failed, so that the
 * shortest paths also take `failed --criteria.change--> loading` (in the first walk loading's own change is shorter). */
const settledFirst: SearchCriteria = { q: 'tulips', sort: 'newest', page: 1 };
const other: SearchCriteria = { q: 'roses', sort: 'price_asc', page: 1 };
const reply: SearchFlowersReply = { total: 0, page: 1, pageSize: 24, products: [] };

const modelEvents = [
  { type: 'xstate.done.actor.searchFlowers', output: reply },
  { type: 'xstate.error.actor.searchFlowers', error: new TypeError('Failed to fetch') },
  { type: 'criteria.change', criteria: other },
  { type: 'filter.change', change: { kind: 'hand' } },
  { type: 'price.change', field: 'max', value: '15a0' },
  { type: 'price.apply' },
  { type: 'page.change', page: 3 },
  { type: 'search.retry' },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness(input: { criteria: SearchCriteria }) {
  const calls = { searches: [] as SearchCriteria[], shown: [] as SearchCriteria[] };
  const { hold, settle } = heldCalls();
  const { actor } = startMachine(
    searchResultsMachine.provide({
      actors: {
        searchFlowers: fromPromise<SearchFlowersReply, SearchCriteria>(({ input }) => {
          calls.searches.push(input);
          return hold('searchFlowers');
        }),
      },
      actions: {
        showCriteria: (_, params: { criteria: SearchCriteria }) => {
          calls.shown.push(params.criteria);
        },
      },
    }),
    coverage,
    input,
  );
  return { actor, calls, settle };
}

const lastOf = <T>(list: readonly T[]) => list[list.length - 1];

walkModel('search-results machine (model-based)', {
  machine: searchResultsMachine,
  coverage,
  situations: {
    'the address asks for page 2 of "gerbra"': { criteria: first },
    'the address changes only after an answer': { criteria: settledFirst },
  },
  events: (snapshot, input) =>
    modelEvents.filter(
      (event) => snapshot.can(event) && !(input.criteria === settledFirst && snapshot.matches('loading') && event.type === 'criteria.change'),
    ),
  harness,
  steps: (h) => ({
    'xstate.done.actor.searchFlowers': async ({ event }) => {
      await h.settle(event);
      expect(h.actor.getSnapshot().context.reply).toEqual(reply);
    },
    'xstate.error.actor.searchFlowers': async ({ event }) => {
      await h.settle(event);
      expect(h.actor.getSnapshot().matches('failed')).toBe(true);
    },
    'criteria.change': () => {
      const before = h.actor.getSnapshot().context.criteria;
      const searches = h.calls.searches.length;
      h.actor.send({ type: 'criteria.change', criteria: other });
      if (JSON.stringify(before) === JSON.stringify(other)) expect(h.calls.searches).toHaveLength(searches);
      else expect(lastOf(h.calls.searches)).toEqual(other);
      expect(h.actor.getSnapshot().context.criteria).toEqual(other);
    },
    'filter.change': () => {
      const { criteria } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'filter.change', change: { kind: 'hand' } });
      expect(lastOf(h.calls.shown)).toEqual({ ...criteria, kind: 'hand', page: 1 });
    },
    'price.change': () => {
      h.actor.send({ type: 'price.change', field: 'max', value: '15a0' });
      expect(h.actor.getSnapshot().context.priceDraft.max).toBe('150');
    },
    'price.apply': () => {
      const { criteria, priceDraft } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'price.apply' });
      expect(lastOf(h.calls.shown)).toEqual({ ...criteria, minPrice: undefined, maxPrice: priceDraft.max === '' ? undefined : Number(priceDraft.max), page: 1 });
    },
    'page.change': () => {
      const { criteria } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'page.change', page: 3 });
      expect(lastOf(h.calls.shown)).toEqual({ ...criteria, page: 3 });
    },
    'search.retry': retryStep(h.actor, 'search.retry', () => h.calls.searches.length),
  }),
});
