// An admin-managed banner as a <picture>: the mobile image on narrow screens, the desktop one from md up, each in a
// fixed aspect ratio so nothing shifts while it loads.
import { Box } from '@chakra-ui/react';
import { desktopPictureMedia } from '../../../domain/site-images';
import type { SiteImageSlot } from '../../../domain/site-images';
import { heroImageUrl } from '../../api/image-urls';
import { coverFrame } from '../../components/product-image';

interface SitePictureProps {
  mobile: SiteImageSlot;
  desktop: SiteImageSlot;
  alt: string;
  priority?: boolean;
  /** CSS aspect ratios (width / height) of the two images. */
  ratio: { base: string; md: string };
}

export function SitePicture({ mobile, desktop, alt, priority = false, ratio }: SitePictureProps) {
  return (
    <Box position="relative" aspectRatio={ratio} overflow="hidden" bg="brand.roseSoft">
      <picture>
        <source media={desktopPictureMedia} srcSet={heroImageUrl(desktop)} />
        <Box asChild {...coverFrame}>
          <img
            src={heroImageUrl(mobile)}
            alt={alt}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding={priority ? 'sync' : 'async'}
          />
        </Box>
      </picture>
    </Box>
  );
}
