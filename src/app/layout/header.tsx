// The shop header of SPEC.md §2: logo, the search box (issue 42), account links and the bag, and under them a row of
// category menus from GET categoryheader with Home; below md a hamburger opens the same menu off-canvas. The
// off-canvas menu (Chakra's drawer, its focus trap and scroll lock) is a lazy chunk fetched on the first tap: a first
// visit does not download it.
import { Box, Flex, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MenuIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { useCategoryHeader } from '../../features/catalog/use-category-header';
import { loadLazyPart } from '../lazy-route';
import { paths } from '../paths';
import { AccountLinks } from './account-links';
import { BagLink } from './bag-link';
import { CategoryNav } from './category-nav';
import { HeaderSearch } from './header-search';

const MobileMenu = lazy(() => loadLazyPart(() => import('./mobile-menu')).then((module) => ({ default: module.MobileMenu })));

export function Header() {
  const categories = useCategoryHeader();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first tap on, so that closing keeps the drawer's exit animation.
  const [menuWanted, setMenuWanted] = useState(false);

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="brand.cream" borderBottomWidth="1px" borderColor="brand.line">
      <Box bg="brand.leaf" color="brand.cream" textAlign="center" fontSize="xs" letterSpacing="0.08em" py="1.5" px="4">
        <Box as="span" display={{ base: 'none', sm: 'inline' }}>
          Handcrafted in Chennai ·{' '}
        </Box>
        Delivered across India in 2–5 business days
      </Box>
      <Flex maxW="7xl" mx="auto" px={{ base: '3', md: '8' }} h={{ base: '16', md: '16' }} align="center" gap={{ base: '1', md: '6' }}>
        <IconButton
          display={{ base: 'inline-flex', md: 'none' }}
          variant="ghost"
          rounded="full"
          color="brand.leaf"
          aria-label="Open menu"
          onClick={() => {
            setMenuWanted(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon />
        </IconButton>
        <Flex flex={{ base: '1', md: '0 0 auto' }} justify={{ base: 'center', md: 'flex-start' }}>
          <RouterLink to={paths.root} aria-label="Petals & Stems home">
            <Logo />
          </RouterLink>
        </Flex>
        <Box display={{ base: 'none', md: 'block' }} flex="1" maxW="xl" minW="40" mx="auto">
          <HeaderSearch />
        </Box>
        <Box display={{ base: 'none', md: 'block' }}>
          <AccountLinks layout="row" />
        </Box>
        <BagLink />
      </Flex>
      {/* The categories have a row of their own, as the big florists' sites do: however many the shop adds, they never
          push the search box or the account links onto a second line. */}
      <Box display={{ base: 'none', md: 'block' }} borderTopWidth="1px" borderColor="brand.line">
        <Box maxW="7xl" mx="auto" px="8">
          <CategoryNav categories={categories} />
        </Box>
      </Box>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} categories={categories} />
        </Suspense>
      ) : null}
    </Box>
  );
}
