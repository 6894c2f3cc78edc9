// The header's search box (issue 42), model-based: every path of its graph, driven through a real actor with a
// simulated clock (the typing pause) and held calls (the suggestions), checking at each step what the shopper sees
// (the list open or not, the highlighted suggestion) and where Enter or a click leads.
import { describe, expect, it } from 'vitest';
import type { EventFrom } from 'xstate';
import type { SearchSuggestion } from '../../domain/search';
import { searchBoxMachine } from '../../machines/search-box.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof searchBoxMachine>;

const typingPause = 'xstate.after.typingPause.searchBox.waiting';
const gerbera: SearchSuggestion = { externalId: 'p_gerbera', productName: 'Sunny Gerbera Bouquet', categoryName: 'Fresh Flowers' };
const pastel: SearchSuggestion = { externalId: 'p_pastel', productName: 'Pastel Garden Bouquet', categoryName: 'Fresh Flowers' };

const modelEvents = [
  { type: 'query.change', value: 'gerbra' },
  { type: 'query.change', value: 'g' },
  { type: typingPause },
  { type: 'xstate.done.actor.fetchSuggestions', output: [gerbera, pastel] },
  { type: 'xstate.done.actor.fetchSuggestions', output: [] },
  { type: 'xstate.error.actor.fetchSuggestions', error: new TypeError('Failed to fetch') },
  { type: 'highlight.next' },
  { type: 'highlight.previous' },
  { type: 'suggestion.choose', index: 1 },
  { type: 'query.submit' },
  { type: 'list.close' },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness(input: { query: string }) {
  const seen = { asked: [] as string[], results: [] as string[], products: [] as string[], logged: [] as unknown[] };
  const { settle, holding } = heldCalls();
  const { actor, clock } = startMachine(
    searchBoxMachine.provide({
      actors: { fetchSuggestions: holding('fetchSuggestions', seen.asked) },
      actions: {
        showResults: (_, { q }) => void seen.results.push(q),
        showProduct: (_, { externalId }) => void seen.products.push(externalId),
        logError: (_, { error }) => void seen.logged.push(error),
      },
    }),
    coverage,
    input,
  );
  return { actor, clock, seen, settle };
}

walkModel('search-box machine (model-based)', {
  machine: searchBoxMachine,
  coverage,
  situations: { 'an empty box': { query: '' } },
  events: modelEvents,
  morePathsThan: 10,
  harness,
  state: (snapshot) => {
    // The list shows only with an answer; a highlight is always one of its suggestions or none.
    if (!snapshot.matches('open')) expect(snapshot.context.highlighted === -1 || snapshot.matches('waiting') || snapshot.matches('fetching') || snapshot.matches('closed')).toBe(true);
    expect(snapshot.context.highlighted).toBeGreaterThanOrEqual(-1);
    expect(snapshot.context.highlighted).toBeLessThan(Math.max(snapshot.context.suggestions.length, 1));
  },
  steps: (h) => ({
    'query.change': ({ event }) => {
      const asked = h.seen.asked.length;
      h.actor.send(event as ModelEvent);
      const value = (event as unknown as { value: string }).value;
      expect(h.actor.getSnapshot().context.query).toBe(value);
      // Typing never calls at once: only a pause does, and one letter never.
      expect(h.seen.asked.length).toBe(asked);
      if (value.length < 2) expect(h.actor.getSnapshot().matches('closed')).toBe(true);
    },
    [typingPause]: () => {
      const asked = h.seen.asked.length;
      h.clock.increment(249);
      expect(h.seen.asked.length).toBe(asked);
      h.clock.increment(1);
      expect(h.seen.asked).toEqual([...h.seen.asked.slice(0, asked), h.actor.getSnapshot().context.query.trim()]);
    },
    'xstate.done.actor.fetchSuggestions': async ({ event }) => {
      await h.settle(event);
      expect(h.actor.getSnapshot().context.suggestions).toEqual((event as unknown as { output: SearchSuggestion[] }).output);
      expect(h.actor.getSnapshot().context.highlighted).toBe(-1);
    },
    'xstate.error.actor.fetchSuggestions': async ({ event }) => {
      await h.settle(event);
      expect(h.seen.logged.at(-1)).toBe((event as unknown as { error: unknown }).error);
      expect(h.actor.getSnapshot().matches('closed')).toBe(true);
    },
    'highlight.next': () => {
      const { highlighted, suggestions } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'highlight.next' });
      expect(h.actor.getSnapshot().context.highlighted).toBe(highlighted + 1 >= suggestions.length ? -1 : highlighted + 1);
    },
    'highlight.previous': () => {
      const { highlighted, suggestions } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'highlight.previous' });
      expect(h.actor.getSnapshot().context.highlighted).toBe(highlighted === -1 ? suggestions.length - 1 : highlighted - 1);
    },
    'suggestion.choose': ({ event }) => {
      const { suggestions } = h.actor.getSnapshot().context;
      h.actor.send(event as ModelEvent);
      expect(h.seen.products.at(-1)).toBe(suggestions[(event as unknown as { index: number }).index]!.externalId);
      expect(h.actor.getSnapshot().matches('closed')).toBe(true);
    },
    'query.submit': () => {
      const { highlighted, suggestions, query } = h.actor.getSnapshot().context;
      const before = { results: h.seen.results.length, products: h.seen.products.length };
      h.actor.send({ type: 'query.submit' });
      if (highlighted >= 0) expect(h.seen.products.at(-1)).toBe(suggestions[highlighted]!.externalId);
      else expect(h.seen.results.slice(before.results)).toEqual([query.trim()]);
      expect(h.actor.getSnapshot().matches('closed')).toBe(true);
    },
    'list.close': () => {
      h.actor.send({ type: 'list.close' });
      expect(h.actor.getSnapshot().matches('closed')).toBe(true);
    },
  }),
});

describe('the box that replaces the plain field', () => {
  it('starts with the words typed there, and asks nothing before the shopper pauses or types on', () => {
    const h = harness({ query: 'ger' });
    expect(h.actor.getSnapshot().context.query).toBe('ger');
    expect(h.actor.getSnapshot().matches('closed')).toBe(true);
    expect(h.seen.asked).toEqual([]);
  });
});
