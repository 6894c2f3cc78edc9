// Every page sits between the header and the footer; every route change starts at the top (SPEC.md §2).
import { Box, Flex } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function AppLayout() {
  return (
    <Flex direction="column" minH="100dvh" bg="brand.cream">
      <ScrollToTop />
      <Box asChild position="absolute" left="-9999px" _focus={{ left: '4', top: '4', zIndex: 'skipNav', bg: 'white', p: '3', rounded: 'md' }}>
        <a href="#main">Skip to content</a>
      </Box>
      <Header />
      <Box as="main" id="main" flex="1" tabIndex={-1} outline="none">
        <Outlet />
      </Box>
      <Footer />
    </Flex>
  );
}
