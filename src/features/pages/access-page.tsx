// /access: where the admin guard sends a visitor who may not see a page (SPEC.md §2).
import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { MessagePage } from '../../components/message-page';

export function AccessPage() {
  return (
    <MessagePage
      title="Page Restricted"
      actions={
        <Button asChild colorPalette="leaf" size="lg" px="8">
          <RouterLink to={paths.root}>Go to Home</RouterLink>
        </Button>
      }
    >
      Sorry, you don't have access to view this page.
    </MessagePage>
  );
}
