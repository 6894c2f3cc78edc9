// One line of the bag: square photo and name (both to the product), unit price, the stepper, the line total and
// Remove. A line that cannot be bought says why; a product taken off the shop keeps only Remove.
import { Box, Button, Grid, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { CartLine } from '../../../domain/cart';
import { formatRupees } from '../../../domain/money';
import { canDecrease, canIncrease } from '../../../domain/cart-rules';
import { paths } from '../../app/paths';
import { Price } from '../../components/price';
import { ProductImage } from '../../components/product-image';
import { TrashIcon } from '../../components/icons';
import { lineIssueText } from './cart-texts';
import { QuantityStepper } from './quantity-stepper';

interface CartLineCardProps {
  line: CartLine;
  /** This line's change is being saved. */
  busy: boolean;
  onIncrease: () => void;
  onDecrease: () => void;
  onRemove: () => void;
}

export function CartLineCard({ line, busy, onIncrease, onDecrease, onRemove }: CartLineCardProps) {
  const { productItem } = line;
  const product = productItem.ProductDatum;
  const name = product.productName;
  const issue = lineIssueText(line);
  const href = paths.flower(product.externalId);

  return (
    <Box
      as="li"
      listStyleType="none"
      bg="white"
      borderWidth="1px"
      borderColor={issue ? 'rose.muted' : 'brand.line'}
      borderRadius="2xl"
      p={{ base: '3', md: '5' }}
      boxShadow="0 1px 2px rgba(43, 43, 43, 0.04), 0 12px 32px -20px rgba(31, 77, 58, 0.22)"
      transition="opacity 0.2s"
      opacity={busy ? 0.75 : 1}
    >
      <Grid templateColumns={{ base: '96px 1fr', md: '144px 1fr' }} gap={{ base: '3', md: '6' }} alignItems="start">
        <Box asChild display="block" rounded="xl" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.leaf', outlineOffset: '2px' }}>
          <RouterLink to={href} tabIndex={-1} aria-hidden="true">
            <Box filter={line.isRemoved ? 'grayscale(0.7)' : undefined} opacity={line.isRemoved ? 0.7 : 1}>
              <ProductImage itemCode={product.itemCode} alt={name} sizes="(min-width: 48em) 144px, 96px" />
            </Box>
          </RouterLink>
        </Box>

        <Stack gap={{ base: '2', md: '3' }} minW="0">
          <HStack justify="space-between" align="start" gap="3">
            <Link
              asChild
              fontFamily="heading"
              fontSize={{ base: 'lg', md: '2xl' }}
              fontWeight="600"
              lineHeight="1.2"
              color="brand.ink"
              _hover={{ color: 'brand.leaf', textDecoration: 'none' }}
            >
              <RouterLink to={href}>{name}</RouterLink>
            </Link>
            <Button
              aria-label={`Remove ${name}`}
              variant="ghost"
              size="xs"
              rounded="full"
              color="brand.muted"
              flexShrink={0}
              _hover={{ color: 'brand.roseDeep', bg: 'brand.roseSoft' }}
              onClick={onRemove}
            >
              <TrashIcon size={16} strokeWidth={1.8} />
              <Text as="span" display={{ base: 'none', sm: 'inline' }}>
                Remove
              </Text>
            </Button>
          </HStack>

          <Price sellingPrice={productItem.price} mrp={product.mrp} />

          {issue ? (
            <Text role="note" fontSize="sm" color="brand.roseDeep" bg="brand.roseSoft" rounded="md" px="3" py="2">
              {issue}
            </Text>
          ) : null}

          <HStack justify="space-between" align="center" gap="3" wrap="wrap" pt="1">
            <QuantityStepper
              name={name}
              quantity={productItem.quantity}
              canDecrease={canDecrease(line)}
              canIncrease={canIncrease(line)}
              busy={busy}
              onDecrease={onDecrease}
              onIncrease={onIncrease}
            />
            <Text
              fontFamily="heading"
              fontSize={{ base: 'lg', md: 'xl' }}
              fontWeight="600"
              color="brand.leaf"
              fontVariantNumeric="lining-nums"
            >
              {formatRupees(productItem.totalAmount)}
            </Text>
          </HStack>
        </Stack>
      </Grid>
    </Box>
  );
}
