// A product in a grid: square photo, name, selling price and struck MRP, and its stars once it has visible reviews;
// the whole card opens the product.
import { Box, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ProductSummary } from '../../domain/catalog';
import { productImageSizes } from '../../domain/product-images';
import { paths } from '../app/paths';
import { Price } from './price';
import { StarRating } from './star-rating';
import { ProductImage } from './product-image';
import type { ImageLoad } from './product-image';

interface ProductCardProps {
  product: ProductSummary;
  imageLoad?: ImageLoad;
}

export function ProductCard({ product, imageLoad = 'lazy' }: ProductCardProps) {
  return (
    <LinkBox as="article" className="group" data-testid="product-card">
      <Stack gap="3">
        <ProductImage
          itemCode={product.itemCode}
          alt={product.productName}
          sizes={productImageSizes.card}
          load={imageLoad}
          zoomOnHover
        />
        <Box px="0.5">
          <LinkOverlay asChild>
            <RouterLink to={paths.flower(product.externalId)}>
              <Text as="h3" fontSize={{ base: 'sm', md: 'md' }} fontWeight="500" color="brand.ink" lineClamp={2} _groupHover={{ color: 'brand.leaf' }}>
                {product.productName}
              </Text>
            </RouterLink>
          </LinkOverlay>
          <Box mt="1">
            <Price sellingPrice={product.sellingPrice} mrp={product.mrp} />
          </Box>
          {product.rating ? (
            <Box mt="1">
              <StarRating average={product.rating.average} count={product.rating.count} />
            </Box>
          ) : null}
        </Box>
      </Stack>
    </LinkBox>
  );
}
