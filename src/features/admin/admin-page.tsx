// The frame of every admin screen: the spec's title, a way back to the dashboard, the screen's own link (e.g. to
// its form or list) and its content on a white panel.
import type { ReactNode } from 'react';
import { Box, Container, Flex, Heading, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useDocumentTitle } from '../../app/use-document-title';

export interface AdminPageProps {
  title: string;
  /** A link next to the title, e.g. { to: '/flowercategory', label: 'Add Category' }. */
  action?: { to: string; label: string };
  /** Where "back" leads; the dashboard unless the screen belongs to a list. */
  back?: { to: string; label: string };
  children: ReactNode;
  /** Forms sit in a narrower column than tables. */
  narrow?: boolean;
}

export function AdminPage({ title, action, back = { to: paths.dashboard, label: 'Dashboard' }, children, narrow = false }: AdminPageProps) {
  useDocumentTitle(title);
  return (
    <Container maxW={narrow ? '3xl' : '7xl'} px={{ base: '4', md: '8' }} pt={{ base: '6', md: '10' }} pb={{ base: '16', md: '24' }}>
      <Stack gap="2" mb={{ base: '5', md: '8' }}>
        <Link asChild color="brand.leaf" fontSize="sm" fontWeight="medium" alignSelf="flex-start">
          <RouterLink to={back.to}>← {back.label}</RouterLink>
        </Link>
        <Flex justify="space-between" align={{ base: 'flex-start', sm: 'flex-end' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Stack gap="2">
            <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.15">
              {title}
            </Heading>
            <Box aria-hidden="true" h="2px" w="14" bg="brand.gold" borderRadius="full" />
          </Stack>
          {action ? (
            <Link asChild colorPalette="leaf" fontWeight="semibold" bg="brand.leaf" color="white" px="5" py="2" rounded="full" _hover={{ textDecoration: 'none', opacity: 0.9 }}>
              <RouterLink to={action.to}>{action.label}</RouterLink>
            </Link>
          ) : null}
        </Flex>
      </Stack>
      <Box layerStyle="card" p={{ base: '4', md: '7' }}>
        {children}
      </Box>
    </Container>
  );
}
