// The off-canvas menu for narrow screens: the header's links in a drawer from the left.
import { Box, CloseButton, Drawer, Link, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { HeaderCategory } from '../../../domain/catalog';
import { Logo } from '../../components/logo';
import { paths } from '../paths';
import { AccountLinks } from './account-links';
import { HeaderSearch } from './header-search';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: HeaderCategory[];
}

export function MobileMenu({ open, onOpenChange, categories }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="brand.cream" color="brand.ink">
            <Drawer.Header borderBottomWidth="1px" borderColor="brand.line">
              <Drawer.Title>
                <Logo size="sm" />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="6">
              <Box mb="6">
                <HeaderSearch onNavigate={close} />
              </Box>
              <Box as="nav" aria-label="Menu">
                <Stack gap="6">
                  <Link asChild fontFamily="heading" fontSize="xl" fontWeight="600" color="brand.leaf">
                    <RouterLink to={paths.home} onClick={close}>
                      Home
                    </RouterLink>
                  </Link>
                  {categories.map((category) => (
                    <Box key={category.categoryName}>
                      <Text fontFamily="heading" fontSize="xl" fontWeight="600" color="brand.leaf" mb="2">
                        {category.categoryName}
                      </Text>
                      <Stack gap="1" pl="3" borderLeftWidth="2px" borderColor="brand.roseSoft">
                        {category.Subcategories.map((sub) => (
                          <Link key={sub} asChild py="1.5" color="brand.ink" _hover={{ color: 'brand.leaf' }}>
                            <RouterLink to={paths.category(category.categoryName, sub)} onClick={close}>
                              {sub}
                            </RouterLink>
                          </Link>
                        ))}
                      </Stack>
                    </Box>
                  ))}
                  <Separator borderColor="brand.line" />
                  <AccountLinks layout="list" onNavigate={close} />
                </Stack>
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
