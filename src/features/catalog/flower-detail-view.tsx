// A product, as it is: photo, name, prices, Add To Cart and Buy Now, and the Description / Note / Shipping Details
// sections with the spec's fallbacks. Renders only; the bag issue provides the two handlers.
import { Accordion, Box, Button, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { FlowerDetail } from '../../../domain/catalog';
import { paths } from '../../app/paths';
import { Price } from '../../components/price';
import { ProductImage } from '../../components/product-image';
import { useDocumentTitle } from '../../app/use-document-title';

export interface FlowerDetailViewProps {
  flower: FlowerDetail;
  onAddToCart: (flower: FlowerDetail) => void;
  onBuyNow: (flower: FlowerDetail) => void;
}

function sections(flower: FlowerDetail) {
  return [
    { value: 'description', title: 'Description', text: flower.description?.trim() || 'No description available.' },
    { value: 'note', title: 'Note', text: flower.note?.trim() || 'No note available.' },
    { value: 'shipping', title: 'Shipping Details', text: flower.shippingDetails?.trim() || 'No shipping Details available.' },
  ];
}

export function FlowerDetailView({ flower, onAddToCart, onBuyNow }: FlowerDetailViewProps) {
  useDocumentTitle(flower.productName);
  return (
    <Grid
      maxW="6xl"
      mx="auto"
      px={{ base: '4', md: '8' }}
      pt={{ base: '5', md: '12' }}
      pb={{ base: '16', md: '24' }}
      templateColumns={{ base: '1fr', md: '1.05fr 1fr' }}
      gap={{ base: '6', md: '14' }}
      alignItems="start"
    >
      <Box position={{ md: 'sticky' }} top={{ md: '28' }}>
        <ProductImage itemCode={flower.itemCode} alt={flower.productName} sizes="(min-width: 48em) 50vw, 100vw" eager />
      </Box>

      <Stack gap="5">
        <HStack gap="2" fontSize="xs" letterSpacing="0.16em" textTransform="uppercase" color="brand.goldText" fontWeight="600" wrap="wrap">
          <Link asChild color="inherit" _hover={{ color: 'brand.leaf' }}>
            <RouterLink to={paths.category(flower.flowerCategoryName, flower.flowerSubCategoryName)}>
              {flower.flowerCategoryName}
            </RouterLink>
          </Link>
          <Text as="span" aria-hidden="true">·</Text>
          <Text as="span">{flower.flowerSubCategoryName}</Text>
        </HStack>

        <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} fontWeight="600" color="brand.ink" lineHeight="1.1">
          {flower.productName}
        </Heading>

        <Stack gap="1">
          <Price sellingPrice={flower.sellingPrice} mrp={flower.mrp} size="lg" />
          <Text fontSize="xs" color="brand.muted">
            Inclusive of all taxes
          </Text>
        </Stack>

        <Grid templateColumns={{ base: '1fr 1fr' }} gap="3" pt="2">
          <Button
            size="lg"
            rounded="full"
            bg="brand.leaf"
            color="white"
            _hover={{ bg: 'brand.leafHover' }}
            onClick={() => onAddToCart(flower)}
          >
            Add To Cart
          </Button>
          <Button
            size="lg"
            rounded="full"
            bg="brand.rose"
            color="brand.ink"
            _hover={{ bg: 'brand.roseHover' }}
            onClick={() => onBuyNow(flower)}
          >
            Buy Now
          </Button>
        </Grid>

        <Accordion.Root multiple collapsible defaultValue={['description']} mt="4" borderTopWidth="1px" borderColor="brand.line">
          {sections(flower).map((section) => (
            <Accordion.Item key={section.value} value={section.value} borderBottomWidth="1px" borderColor="brand.line">
              <Accordion.ItemTrigger py="4" cursor="pointer">
                <Text flex="1" fontFamily="heading" fontSize="xl" fontWeight="600" color="brand.leaf">
                  {section.title}
                </Text>
                <Accordion.ItemIndicator color="brand.leaf" />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody pb="5" pt="0" color="brand.ink" fontSize={{ base: 'sm', md: 'md' }} lineHeight="1.8" whiteSpace="pre-line">
                  {section.text}
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Stack>
    </Grid>
  );
}
