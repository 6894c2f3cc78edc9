// The header's search box (issue 42): suggestions while the shopper types, asked for once typing pauses
// (`typingPause`) and only for two letters or more; the list opens with the answer, Up and Down move through it (round
// the ends), Escape or leaving the box closes it. Enter opens the highlighted product, or else the results page of what
// was typed; a call that failed only leaves the list closed (Enter still searches).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SearchSuggestion } from '../domain/search';
import { searchLimits } from '../domain/search';
import { errorOf, inputOf, outputOf } from './actor-events';

export interface SearchBoxContext {
  query: string;
  suggestions: SearchSuggestion[];
  /** The suggestion Up and Down reached (its index), or -1 for none: Enter then searches for the words. */
  highlighted: number;
}

export type SearchBoxEvent =
  | { type: 'query.change'; value: string }
  | { type: 'highlight.next' }
  | { type: 'highlight.previous' }
  | { type: 'query.submit' }
  | { type: 'suggestion.choose'; index: number }
  | { type: 'list.close' };

/** Fewer letters than this suggest nothing: one letter matches half the shop. */
export const suggestFrom = 2;

const unprovided = () => Promise.reject(new Error('provided by the view'));

const searchBoxSetup = setup({
  types: {} as { context: SearchBoxContext; events: SearchBoxEvent; input: { query: string } },
  delays: { typingPause: 250 },
  actors: {
    /** GET searchsuggestions?q= */
    fetchSuggestions: fromPromise<SearchSuggestion[], string>(unprovided),
  },
  actions: {
    /**
     * What was typed into the plain field this box replaced: in the box's first render already, so that a key pressed
     * before any effect runs adds to those words rather than to an empty field.
     */
    takeInput: assign(({ event }) => ({ query: inputOf<{ query: string }>(event).query })),
    /** Opens the results page of the words. */
    showResults: (_, _params: { q: string }) => {},
    /** Opens a suggested product's page. */
    showProduct: (_, _params: { externalId: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
    changeQuery: assign(({ event }) => {
      assertEvent(event, 'query.change');
      return { query: event.value.slice(0, searchLimits.queryMax), highlighted: -1 };
    }),
    takeSuggestions: assign(({ event }) => ({ suggestions: outputOf<SearchSuggestion[]>(event, 'fetchSuggestions'), highlighted: -1 })),
    forgetSuggestions: assign({ suggestions: [], highlighted: -1 }),
    highlightNext: assign(({ context }) => ({ highlighted: context.highlighted + 1 >= context.suggestions.length ? -1 : context.highlighted + 1 })),
    highlightPrevious: assign(({ context }) => ({ highlighted: (context.highlighted < 0 ? context.suggestions.length : context.highlighted) - 1 })),
  },
  guards: {
    isLongEnough: ({ event }) => {
      assertEvent(event, 'query.change');
      return event.value.trim().length >= suggestFrom;
    },
    hasHighlighted: ({ context }) => context.highlighted >= 0 && context.highlighted < context.suggestions.length,
    hasWords: ({ context }) => context.query.trim() !== '',
    hasSuggestions: ({ context }) => context.suggestions.length > 0,
    isSuggestion: ({ context, event }) => {
      assertEvent(event, 'suggestion.choose');
      return event.index >= 0 && event.index < context.suggestions.length;
    },
  },
});

export const searchBoxMachine = searchBoxSetup.extend({
  actions: {
    showHighlighted: searchBoxSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'showProduct', params: { externalId: context.suggestions[context.highlighted]!.externalId } });
    }),
    showChosen: searchBoxSetup.enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'suggestion.choose');
      enqueue({ type: 'showProduct', params: { externalId: context.suggestions[event.index]!.externalId } });
    }),
    showWords: searchBoxSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'showResults', params: { q: context.query.trim() } });
    }),
    logCallError: searchBoxSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'fetchSuggestions') } });
    }),
  },
}).createMachine({
  id: 'searchBox',
  context: { query: '', suggestions: [], highlighted: -1 },
  initial: 'starting',
  on: {
    'query.change': [
      { guard: 'isLongEnough', target: '.waiting', reenter: true, actions: 'changeQuery' },
      { target: '.closed', actions: ['changeQuery', 'forgetSuggestions'] },
    ],
    'query.submit': [
      { guard: 'hasHighlighted', target: '.closed', actions: 'showHighlighted' },
      { guard: 'hasWords', target: '.closed', actions: 'showWords' },
    ],
    'list.close': { target: '.closed' },
  },
  states: {
    // Only at the start: the words typed into the plain field this box replaced (the root's own entry would run again
    // on every re-entering change of the query).
    starting: {
      entry: 'takeInput',
      always: { target: 'closed' },
    },
    closed: {},
    /** Typing: the call waits for a pause. */
    waiting: {
      after: { typingPause: { target: 'fetching' } },
    },
    fetching: {
      invoke: {
        id: 'fetchSuggestions',
        src: 'fetchSuggestions',
        input: ({ context }) => context.query.trim(),
        onDone: { target: 'open', actions: 'takeSuggestions' },
        onError: { target: 'closed', actions: ['logCallError', 'forgetSuggestions'] },
      },
    },
    open: {
      on: {
        'highlight.next': { guard: 'hasSuggestions', actions: 'highlightNext' },
        'highlight.previous': { guard: 'hasSuggestions', actions: 'highlightPrevious' },
        'suggestion.choose': { guard: 'isSuggestion', target: 'closed', actions: 'showChosen' },
      },
    },
  },
});
