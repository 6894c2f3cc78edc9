// The header's search box with suggestions (issue 42), an ARIA combobox (WAI-ARIA APG, list autocomplete): the field
// owns the focus, Up and Down move the highlight (aria-activedescendant), Enter opens the highlighted product or the
// results, Escape closes the list. The machine (machines/search-box.machine.ts) decides; this only draws and sends.
import { Box, chakra, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { useId, useLayoutEffect, useRef } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { searchBoxMachine } from '../../../machines/search-box.machine';
import { searchSuggestions } from '../../api/search';
import { appActorOptions } from '../../app/inspection';
import { searchFieldStyle, searchPlaceholder } from '../../app/layout/header-search';
import { paths } from '../../app/paths';

export function SearchBox({ initialQuery, onNavigate }: { initialQuery: string; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [snapshot, send] = useActor(
    searchBoxMachine.provide({
      actors: { fetchSuggestions: fromPromise(({ input, signal }: { input: string; signal: AbortSignal }) => searchSuggestions(input, signal)) },
      actions: {
        showResults: (_, { q }) => {
          onNavigate?.();
          void navigate(paths.search(new URLSearchParams({ q })));
        },
        showProduct: (_, { externalId }) => {
          onNavigate?.();
          void navigate(paths.flower(externalId));
        },
        logError: (_, { error }) => console.error('search suggestions failed', error),
      },
    }),
    { input: { query: initialQuery }, ...appActorOptions },
  );
  // It replaced the plain field the shopper just focused: its first render shows the words typed so far (the input),
  // and it takes the focus in the same commit (a passive effect would run after a paint, and a key pressed in between
  // would go to the field that is gone); then it asks for their suggestions, as typing them here would have.
  useLayoutEffect(() => {
    field.current?.focus();
    if (initialQuery) send({ type: 'query.change', value: initialQuery });
    // Once: the plain field, the only thing that changes initialQuery, is gone once this box is shown.
  }, [initialQuery, send]);

  const { query, suggestions, highlighted } = snapshot.context;
  const open = snapshot.matches('open');
  const optionId = (index: number) => `${listId}-option-${index}`;

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const type = { ArrowDown: 'highlight.next', ArrowUp: 'highlight.previous', Escape: 'list.close' }[event.key] as
      | 'highlight.next'
      | 'highlight.previous'
      | 'list.close'
      | undefined;
    if (!type) return;
    if (type !== 'list.close' || open) event.preventDefault();
    send({ type });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'query.submit' });
  };

  return (
    <form role="search" action="/search" onSubmit={submit}>
      <chakra.input
        {...searchFieldStyle}
        ref={field}
        type="search"
        name="q"
        role="combobox"
        aria-label={searchPlaceholder}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && highlighted >= 0 ? optionId(highlighted) : undefined}
        placeholder={searchPlaceholder}
        autoComplete="off"
        value={query}
        onChange={(event) => send({ type: 'query.change', value: event.target.value })}
        onKeyDown={keyDown}
        onBlur={() => send({ type: 'list.close' })}
      />
      <Box
        as="ul"
        role="listbox"
        id={listId}
        aria-label="Suggestions"
        hidden={!open}
        position="absolute"
        top="calc(100% + 6px)"
        insetX="0"
        zIndex="dropdown"
        bg="white"
        rounded="xl"
        borderWidth="1px"
        borderColor="brand.line"
        boxShadow="lg"
        py="2"
        listStyleType="none"
      >
        {suggestions.map((suggestion, index) => (
          <Box
            as="li"
            key={suggestion.externalId}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            px="4"
            py="2"
            cursor="pointer"
            bg={index === highlighted ? 'brand.cream' : undefined}
            _hover={{ bg: 'brand.cream' }}
            // The field keeps the focus: a press on an option must not blur it and close the list first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => send({ type: 'suggestion.choose', index })}
          >
            <Text fontSize="sm" color="brand.ink" fontWeight={index === highlighted ? '600' : '500'}>
              {suggestion.productName}
            </Text>
            <Text fontSize="xs" color="brand.muted">
              {suggestion.categoryName}
            </Text>
          </Box>
        ))}
        {suggestions.length === 0 ? (
          <Box as="li" role="option" aria-selected={false} aria-disabled px="4" py="2" color="brand.muted" fontSize="sm">
            No close matches: press Enter to search for “{query.trim()}”
          </Box>
        ) : null}
      </Box>
    </form>
  );
}
