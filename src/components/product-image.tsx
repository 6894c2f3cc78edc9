// A product photo: square, soft corners, fixed aspect ratio (no layout shift), resized variants through srcset.
import { Box } from '@chakra-ui/react';
import { defaultImageWidth, productImageSrcSet } from '../../domain/product-images';
import { imageBaseUrl } from '../api/api-base';
import { flowerImageUrl } from '../api/image-urls';

interface ProductImageProps {
  itemCode: string;
  alt: string;
  /** The rendered width the browser picks a variant for, e.g. "(min-width: 62em) 25vw, 50vw". */
  sizes: string;
  /**
   * `first`: the page's largest picture, loaded at once and ahead of everything else; `eager`: above the fold, loaded at
   * once; `lazy`: when scrolled near.
   */
  load?: ImageLoad;
  zoomOnHover?: boolean;
}

/** An image that fills its fixed-ratio frame, cropped rather than stretched. */
export const coverFrame = { position: 'absolute', inset: '0', w: '100%', h: '100%', objectFit: 'cover' } as const;

export type ImageLoad = 'first' | 'eager' | 'lazy';

export function ProductImage({ itemCode, alt, sizes, load = 'lazy', zoomOnHover = false }: ProductImageProps) {
  return (
    <Box position="relative" aspectRatio="1" overflow="hidden" rounded="xl" bg="brand.roseSoft">
      <Box
        asChild
        {...coverFrame}
        transition="transform 0.6s cubic-bezier(0.2, 0.7, 0.2, 1)"
        _groupHover={zoomOnHover ? { transform: 'scale(1.04)' } : undefined}
      >
        <img
          src={flowerImageUrl(itemCode, defaultImageWidth)}
          srcSet={productImageSrcSet(imageBaseUrl, itemCode)}
          sizes={sizes}
          alt={alt}
          width={640}
          height={640}
          loading={load === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={load === 'first' ? 'high' : 'auto'}
          decoding={load === 'first' ? 'sync' : 'async'}
        />
      </Box>
    </Box>
  );
}
