// The bag icon in the header: links to /cart, with a badge when the bag holds something.
import { Box, IconButton } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BagIcon } from '../../components/icons';
import { useCartCount } from '../cart-count-store';
import { paths } from '../paths';

export function BagLink() {
  const count = useCartCount();
  const label = count > 0 ? `Bag, ${count} ${count === 1 ? 'item' : 'items'}` : 'Bag';
  return (
    <IconButton asChild variant="ghost" aria-label={label} rounded="full" color="brand.leaf" position="relative">
      <RouterLink to={paths.cart}>
        <BagIcon />
        {count > 0 ? (
          <Box
            asChild
            position="absolute"
            top="0.5"
            right="0.5"
            minW="5"
            h="5"
            px="1"
            rounded="full"
            bg="brand.rose"
            color="brand.ink"
            fontSize="2xs"
            fontWeight="700"
            display="flex"
            alignItems="center"
            justifyContent="center"
            aria-hidden="true"
            animation="badge-pop 0.3s cubic-bezier(0.2, 0.7, 0.2, 1)"
          >
            {/* Keyed by the count, so every change pops the badge in again. */}
            <span key={count}>{count > 99 ? '99+' : count}</span>
          </Box>
        ) : null}
      </RouterLink>
    </IconButton>
  );
}
