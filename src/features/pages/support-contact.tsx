// How to reach the shop, in a sentence: the configured support e-mail and phone as links, or the Contact Us page while
// they load.
import { Link } from '@chakra-ui/react';
import { paths } from '../../app/paths';
import { useShopInfo } from '../../app/use-shop-info';
import { InlineLink } from './inline-link';

export function SupportEmail() {
  const shop = useShopInfo();
  if (!shop?.email) return <ContactUsLink />;
  return (
    <Link href={`mailto:${shop.email}`} color="brand.leaf" fontWeight="medium" textDecoration="underline">
      {shop.email}
    </Link>
  );
}

export function SupportPhone() {
  const shop = useShopInfo();
  if (!shop?.phone) return <ContactUsLink />;
  return (
    <Link href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`} color="brand.leaf" fontWeight="medium" textDecoration="underline">
      {shop.phone}
    </Link>
  );
}

/** "e-mail x or call y" for the middle of a sentence; "reach us through our Contact Us page" until they load. */
export function SupportContact() {
  const shop = useShopInfo();
  if (!shop) {
    return (
      <>
        reach us through <ContactUsLink />
      </>
    );
  }
  return (
    <>
      e-mail <SupportEmail /> or call <SupportPhone />
    </>
  );
}

function ContactUsLink() {
  return <InlineLink to={paths.contactUs}>our Contact Us page</InlineLink>;
}

/** The shop's name for running text; a neutral phrase until the details arrive. */
export function useShopName(): string {
  return useShopInfo()?.name ?? 'our studio';
}
