// A product photo: square, soft corners, fixed aspect ratio (no layout shift), resized variants through srcset.
import { Box } from '@chakra-ui/react';
import { defaultImageWidth, productImageSrcSet } from '../../domain/product-images';
import { apiBaseUrl } from '../api/api-base';
import { flowerImageUrl } from '../api/image-urls';

interface ProductImageProps {
  itemCode: string;
  alt: string;
  /** The rendered width the browser picks a variant for, e.g. "(min-width: 62em) 25vw, 50vw". */
  sizes: string;
  /** Above the fold: load at once and with priority. */
  eager?: boolean;
  zoomOnHover?: boolean;
}

export function ProductImage({ itemCode, alt, sizes, eager = false, zoomOnHover = false }: ProductImageProps) {
  return (
    <Box position="relative" aspectRatio="1" overflow="hidden" rounded="xl" bg="brand.roseSoft">
      <Box
        asChild
        position="absolute"
        inset="0"
        w="100%"
        h="100%"
        objectFit="cover"
        transition="transform 0.6s cubic-bezier(0.2, 0.7, 0.2, 1)"
        _groupHover={zoomOnHover ? { transform: 'scale(1.04)' } : undefined}
      >
        <img
          src={flowerImageUrl(itemCode, defaultImageWidth)}
          srcSet={productImageSrcSet(apiBaseUrl, itemCode)}
          sizes={sizes}
          alt={alt}
          width={640}
          height={640}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
      </Box>
    </Box>
  );
}
