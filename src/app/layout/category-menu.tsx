// One header dropdown: a category and its sub-categories, each linking to /category/{category}/{sub}.
import { Button, Menu, Portal } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { HeaderCategory } from '../../../domain/catalog';
import { ChevronDownIcon } from '../../components/icons';
import { paths } from '../paths';

export function CategoryMenu({ category }: { category: HeaderCategory }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" color="brand.ink" fontWeight="500" _hover={{ color: 'brand.leaf', bg: 'brand.leafSoft' }}>
          {category.categoryName}
          <ChevronDownIcon size={16} />
        </Button>
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
