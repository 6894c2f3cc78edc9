// The shop header of SPEC.md §2: logo, category menus from GET categoryheader, Home, account links and the bag;
// below md a hamburger opens the same menu off-canvas.
import { Box, Button, Flex, IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MenuIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { useCategoryHeader } from '../../features/catalog/use-category-header';
import { paths } from '../paths';
import { AccountLinks } from './account-links';
import { BagLink } from './bag-link';
import { CategoryMenu } from './category-menu';
import { MobileMenu } from './mobile-menu';

export function Header() {
  const categories = useCategoryHeader();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="brand.cream" borderBottomWidth="1px" borderColor="brand.line">
      <Box bg="brand.leaf" color="brand.cream" textAlign="center" fontSize="xs" letterSpacing="0.08em" py="1.5" px="4">
        <Box as="span" display={{ base: 'none', sm: 'inline' }}>
          Handcrafted in Chennai ·{' '}
        </Box>
        Delivered across India in 2–5 business days
      </Box>
      <Flex maxW="7xl" mx="auto" px={{ base: '3', md: '8' }} h={{ base: '16', md: '20' }} align="center" gap={{ base: '1', md: '6' }}>
        <IconButton
          display={{ base: 'inline-flex', md: 'none' }}
          variant="ghost"
          rounded="full"
          color="brand.leaf"
          aria-label="Open menu"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </IconButton>
        <Flex flex={{ base: '1', md: '0 0 auto' }} justify={{ base: 'center', md: 'flex-start' }}>
          <RouterLink to={paths.root} aria-label="Petals & Stems home">
            <Logo />
          </RouterLink>
        </Flex>
        <Flex as="nav" aria-label="Shop by category" display={{ base: 'none', md: 'flex' }} flex="1" justify="center" gap="1" wrap="wrap">
          <Button asChild variant="ghost" size="sm" color="brand.ink" fontWeight="500" _hover={{ color: 'brand.leaf', bg: 'brand.leafSoft' }}>
            <RouterLink to={paths.home}>Home</RouterLink>
          </Button>
          {categories.map((category) => (
            <CategoryMenu key={category.categoryName} category={category} />
          ))}
        </Flex>
        <Box display={{ base: 'none', md: 'block' }}>
          <AccountLinks layout="row" />
        </Box>
        <BagLink />
      </Flex>
      <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} categories={categories} />
    </Box>
  );
}
