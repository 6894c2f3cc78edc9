// The empty bag: the spec's two lines and the way back to the shop.
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { cartMessages } from '../../../domain/cart';
import { paths } from '../../app/paths';
import { BagIcon } from '../../components/icons';
import { leafPill } from '../../components/leaf-pill';

export function CartEmpty() {
  return (
    <Stack align="center" textAlign="center" gap="4" py={{ base: '10', md: '16' }} px="6" maxW="lg" mx="auto">
      <Box color="brand.rose" bg="brand.roseSoft" rounded="full" p="5" aria-hidden="true">
        <BagIcon size={40} />
      </Box>
      <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.ink">
        {cartMessages.emptyTitle}
      </Heading>
      <Text color="brand.muted" fontSize={{ base: 'md', md: 'lg' }}>
        {cartMessages.emptyText}
      </Text>
      <Button asChild {...leafPill} px="8" mt="2">
        <RouterLink to={paths.root}>{cartMessages.goShopping}</RouterLink>
      </Button>
    </Stack>
  );
}
