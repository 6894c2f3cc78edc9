// The desktop row of category menus. Chakra's menu (its state machine and popper) is a lazy chunk: a first visit shows
// look-alike trigger buttons, fetches the chunk when a pointer or the keyboard comes near the row, and swaps in the
// real menus once a trigger is pressed or focused; the pressed one opens, the focused one keeps the focus.
import { Button, Flex } from '@chakra-ui/react';
import { lazy, startTransition, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { HeaderCategory } from '../../../domain/catalog';
import { loadLazyPart } from '../lazy-route';
import { paths } from '../paths';
import { CategoryTrigger } from './category-trigger';

const loadMenu = () => loadLazyPart(() => import('./category-menu'));
const CategoryMenu = lazy(() => loadMenu().then((module) => ({ default: module.CategoryMenu })));
// Only fetches: swapping the triggers under a moving pointer would drop a press already on its way.
const prefetchMenu = () => void loadMenu();

export function CategoryNav({ categories }: { categories: HeaderCategory[] }) {
  const [menusWanted, setMenusWanted] = useState(false);
  // The category whose look-alike trigger was clicked or focused before the menus arrived.
  const [pending, setPending] = useState<{ name: string; open: boolean } | null>(null);
  // A transition: the look-alikes stay on screen until the menus have arrived, never a blank row in between.
  const want = () => startTransition(() => setMenusWanted(true));
  const openOnArrival = (name: string) => {
    setPending({ name, open: true });
    want();
  };

  return (
    <Flex
      as="nav"
      aria-label="Shop by category"
      display={{ base: 'none', md: 'flex' }}
      justify={{ base: 'flex-start', lg: 'center' }}
      gap="1"
      py="1"
      overflowX="auto"
      onPointerEnter={prefetchMenu}
      onFocus={prefetchMenu}
    >
      <Button asChild variant="ghost" size="sm" color="brand.ink" fontWeight="500" _hover={{ color: 'brand.leaf', bg: 'brand.leafSoft' }}>
        <RouterLink to={paths.home}>Home</RouterLink>
      </Button>
      {categories.map((category) => {
        const carriedOver = pending?.name === category.categoryName ? pending : null;
        return (
          <Suspense key={category.categoryName} fallback={null}>
            {menusWanted ? (
              <CategoryMenu category={category} defaultOpen={carriedOver?.open ?? false} focusOnMount={carriedOver !== null} />
            ) : (
              <CategoryTrigger
                category={category}
                onFocus={() => {
                  setPending((current) => (current?.open ? current : { name: category.categoryName, open: false }));
                  want();
                }}
                // Focus that has moved on stays where it went, also when it then falls to <body> (a button it went to is
                // disabled while it works) just as the menus arrive.
                onBlur={() => setPending((current) => (current?.open ? current : null))}
                // The real trigger opens on pointer down: so does this one, in case the menus replace it before the click.
                onPointerDown={(event) => {
                  if (event.button === 0) openOnArrival(category.categoryName);
                }}
                onClick={() => openOnArrival(category.categoryName)}
              />
            )}
          </Suspense>
        );
      })}
    </Flex>
  );
}
