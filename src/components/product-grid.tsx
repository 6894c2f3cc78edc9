// The product grid of the category page and the search results: the product cards in 2, 3 or 4 columns (the first
// row's pictures load first), and its skeleton while they come.
import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import type { ProductSummary } from '../../domain/catalog';
import { ProductCard } from './product-card';

const gridColumns = { base: 2, md: 3, lg: 4 };
const firstRow = 4;

export function ProductGridSkeleton() {
  return (
    <SimpleGrid columns={gridColumns} gap={{ base: '4', md: '8' }} aria-hidden="true" data-testid="grid-skeleton">
      {Array.from({ length: 8 }, (_, index) => (
        <Stack key={index} gap="3">
          <Skeleton aspectRatio="1" rounded="xl" />
          <Skeleton h="4" w="80%" />
          <Skeleton h="5" w="40%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function ProductGrid({ products }: { products: ProductSummary[] }) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={gridColumns} columnGap={{ base: '4', md: '8' }} rowGap={{ base: '8', md: '12' }}>
      {products.map((product, index) => (
        <li key={product.externalId}>
          <ProductCard product={product} imageLoad={index === 0 ? 'first' : index < firstRow ? 'eager' : 'lazy'} />
        </li>
      ))}
    </SimpleGrid>
  );
}
