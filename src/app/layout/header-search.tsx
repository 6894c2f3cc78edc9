// The header's search box (issue 42), as a first visit downloads it: a plain search field that already submits to
// /search?q=. The box with suggestions (src/features/catalog/search-box.tsx, its machine and its calls) is a lazy
// chunk that takes the field's place once the shopper focuses it, keeping what was typed and the focus.
import { Box, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import type { ComponentType, FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadLazyPart } from '../lazy-route';
import { paths } from '../paths';

type SearchBoxType = ComponentType<{ initialQuery: string; onNavigate?: () => void }>;
const loadSearchBox = () => loadLazyPart(() => import('../../features/catalog/search-box')).then((module) => module.SearchBox);

/** The field's look, shared with the lazy box so that the swap does not show (no Chakra recipe: those are lazy too). */
export const searchFieldStyle = {
  w: 'full',
  h: '10',
  ps: '4',
  pe: '4',
  rounded: 'full',
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'brand.line',
  color: 'brand.ink',
  fontSize: 'sm',
  outline: 'none',
  _placeholder: { color: 'brand.muted' },
  _focusVisible: { borderColor: 'brand.leaf', boxShadow: '0 0 0 1px var(--chakra-colors-brand-leaf)' },
} as const;

export const searchPlaceholder = 'Search flowers';

export function HeaderSearch({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  // Swapped in once loaded, never through Suspense: a fallback would replace the focused field and lose the focus.
  const [SearchBox, setSearchBox] = useState<SearchBoxType | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim() === '') return;
    onNavigate?.();
    void navigate(paths.search(new URLSearchParams({ q: typed.trim() })));
  };
  // On focus, and on typing too: a field focused before the app took the drawn page over saw no focus event of React's.
  const upgrade = () => void loadSearchBox().then((loaded) => setSearchBox(() => loaded), () => undefined);
  const plain = (
    <form role="search" action="/search" onSubmit={submit}>
      <chakra.input
        {...searchFieldStyle}
        type="search"
        name="q"
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        aria-label={searchPlaceholder}
        placeholder={searchPlaceholder}
        autoComplete="off"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          upgrade();
        }}
        onFocus={upgrade}
      />
    </form>
  );
  return (
    <Box position="relative" w="full">
      {SearchBox ? <SearchBox initialQuery={typed} onNavigate={onNavigate} /> : plain}
    </Box>
  );
}
