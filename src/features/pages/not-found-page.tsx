// Any address the shop does not know: a friendly way back to the flowers.
import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { MessagePage } from '../../components/message-page';

export function NotFoundPage() {
  return (
    <MessagePage
      mark="404"
      title="Page not found"
      actions={
        <>
          <Button asChild colorPalette="leaf" size="lg" px="8">
            <RouterLink to={paths.root}>Back to the shop</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="leaf" borderColor="brand.leaf" size="lg" px="8">
            <RouterLink to={paths.contactUs}>Contact Us</RouterLink>
          </Button>
        </>
      }
    >
      This page seems to have wilted away. The link may be mistyped, or the page may have moved; our flowers are
      still where you left them.
    </MessagePage>
  );
}
