// /thankyou (SPEC.md §2 Thank-you page): the spec's two lines and Keep Shopping; a signed-in buyer also gets the way
// to the Orders tab, where the paid order now shows as received.
import { Button, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session-store';
import { MessagePage } from '../../components/message-page';
import { leafPill } from '../../components/leaf-pill';

export function ThankYouPage() {
  const { isLoggedIn } = useSession();
  const link = (to: string, label: string) => (
    <Link asChild color="brand.leaf" fontWeight="600" textDecoration="underline">
      <RouterLink to={to}>{label}</RouterLink>
    </Link>
  );

  return (
    <MessagePage
      title="We Thank you For your Purchase!"
      actions={
        <>
          <Button asChild {...leafPill} px="8">
            <RouterLink to={paths.root}>Keep Shopping</RouterLink>
          </Button>
          {isLoggedIn ? (
            <Button asChild size="lg" rounded="full" px="8" variant="outline" colorPalette="leaf">
              <RouterLink to={paths.accountTab('orders')}>View your orders</RouterLink>
            </Button>
          ) : null}
        </>
      }
    >
      A confirmation is on its way to your e-mail. To track your order please {link(paths.login, 'Login')}/
      {link(paths.signup, 'Sign Up')}.
    </MessagePage>
  );
}
