// /category/{category_name}/{sub_category_name}: heading, sub-category pills and the product grid. Picking another
// sub-category only rewrites the address (replace): the category's catalogue is already here, no new call.
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from 'react-router-dom';
import { ProductGrid, ProductGridSkeleton } from '../../components/product-grid';
import { paths } from '../../app/paths';
import { findCategory, productsOf } from '../../../domain/catalog-selectors';
import { useCatalog } from './use-catalog';
import { usePageMeta } from '../../app/use-page-meta';
import { useShopInfo } from '../../app/use-shop-info';
import { categoryPageDescription, categoryPageTitle } from '../../../domain/page-meta';
import { LoadFailed } from '../../components/load-states';

export function CategoryPage() {
  const { category_name: categoryName = '', sub_category_name: subCategoryName = '' } = useParams();
  const navigate = useNavigate();
  const catalog = useCatalog(categoryName);
  const category = catalog.status === 'ready' ? findCategory(catalog.data, categoryName) : undefined;
  const subCategories = category?.SubProductCategories.map((sub) => sub.subCategoryName) ?? [];
  const products = productsOf(category, subCategoryName);
  const prices = products.map((product) => product.sellingPrice);
  const shopName = useShopInfo()?.name;
  usePageMeta({
    title: categoryPageTitle(categoryName, subCategoryName, shopName),
    description: category
      ? categoryPageDescription(categoryName, subCategoryName, {
          productNames: products.map((product) => product.productName),
          lowestPrice: prices.length ? Math.min(...prices) : null,
        })
      : undefined,
    canonicalPath: paths.category(categoryName, subCategoryName),
  });

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} pt={{ base: '8', md: '14' }} pb={{ base: '16', md: '24' }}>
      <Stack gap="2" textAlign="center" align="center" mb={{ base: '6', md: '10' }}>
        <Text fontSize="xs" letterSpacing="0.24em" textTransform="uppercase" color="brand.goldText" fontWeight="600">
          Collection
        </Text>
        <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.1">
          {categoryName}
        </Heading>
      </Stack>

      <Flex
        role="group"
        aria-label="Sub-categories"
        gap="2"
        justify={{ base: 'flex-start', md: 'center' }}
        overflowX="auto"
        pb="2"
        mb={{ base: '6', md: '10' }}
        mx={{ base: '-4', md: '0' }}
        px={{ base: '4', md: '0' }}
        css={{ scrollbarWidth: 'none' }}
        minH="12"
      >
        {subCategories.map((sub) => {
          const selected = sub === subCategoryName;
          return (
            <Button
              key={sub}
              size="sm"
              rounded="full"
              px="5"
              flexShrink="0"
              aria-pressed={selected}
              variant={selected ? 'solid' : 'outline'}
              colorPalette="leaf"
              borderColor={selected ? 'brand.leaf' : 'brand.line'}
              bg={selected ? 'brand.leaf' : 'white'}
              color={selected ? 'white' : 'brand.ink'}
              _hover={{ borderColor: 'brand.leaf', color: selected ? 'white' : 'brand.leaf' }}
              onClick={() => navigate(paths.category(categoryName, sub), { replace: true })}
            >
              {sub}
            </Button>
          );
        })}
      </Flex>

      {catalog.status === 'loading' ? <ProductGridSkeleton /> : null}

      {catalog.status === 'error' ? (
        <LoadFailed inCard message="We could not load these flowers just now." retryLabel="Try again" onRetry={() => window.location.reload()} />
      ) : null}

      {catalog.status === 'ready' && products.length === 0 ? (
        <Text textAlign="center" color="brand.muted" fontSize="lg" py="16">
          No flowers available for this category.
        </Text>
      ) : null}

      {products.length > 0 ? (
        // The product cards' names are h3: the selected sub-category, unseen (its pill is pressed above), heads them.
        <Heading as="h2" srOnly>
          {subCategoryName}
        </Heading>
      ) : null}
      {products.length > 0 ? <ProductGrid products={products} /> : null}
    </Box>
  );
}
