// One header dropdown: a category and its sub-categories, each linking to /category/{category}/{sub}. A lazy chunk of
// category-nav.tsx, which passes on a click or focus its look-alike trigger received before this arrived.
import { Menu, Portal } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { HeaderCategory } from '../../../domain/catalog';
import { paths } from '../paths';
import { CategoryTrigger } from './category-trigger';

interface CategoryMenuProps {
  category: HeaderCategory;
  defaultOpen?: boolean;
  /** The look-alike trigger had the focus when it was replaced: keep it on this trigger. */
  focusOnMount?: boolean;
}

export function CategoryMenu({ category, defaultOpen = false, focusOnMount = false }: CategoryMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Only when the focus went down with the look-alike (it sits on <body>), never taken from elsewhere.
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (focusOnMount && !defaultOpen && focusLost) trigger.current?.focus();
  }, [focusOnMount, defaultOpen]);

  return (
    <Menu.Root positioning={{ placement: 'bottom' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <CategoryTrigger ref={trigger} category={category} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content
            minW="56"
            bg="white"
            borderWidth="1px"
            borderColor="brand.line"
            rounded="lg"
            boxShadow="0 18px 40px -24px rgba(31, 77, 58, 0.45)"
            py="2"
          >
            {category.Subcategories.map((sub) => (
              <Menu.Item key={sub} value={sub} asChild cursor="pointer" px="4" py="2" fontSize="sm" _highlighted={{ bg: 'brand.leafSoft', color: 'brand.leaf' }}>
                <RouterLink to={paths.category(category.categoryName, sub)}>{sub}</RouterLink>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
