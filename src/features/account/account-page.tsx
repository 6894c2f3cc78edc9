// /account and /account/{selected_tab}: the account area's three tabs (SPEC.md §2 Account). "orders" and
// "addresses" open their tabs, anything else Profile; switching tabs rewrites the address so it can be shared.
import { Box, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session-store';
import { useDocumentTitle } from '../../app/use-document-title';
import { accountTabOf, accountTabs, tabLabels } from './account-tab';
import { AddressesTab } from './addresses-tab';
import { OrdersTab } from './orders-tab';
import { ProfileTab } from './profile-tab';


export function AccountPage() {
  const { selected_tab: selectedTab } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const tab = accountTabOf(selectedTab);
  useDocumentTitle(`My Account · ${tabLabels[tab]}`);
  // The route guard admits only signed-in visitors, so the id is there; the server checks it is theirs.
  const userExtId = session.userExtId ?? '';

  return (
    <Container maxW="5xl" px={{ base: '4', md: '8' }} pt={{ base: '8', md: '14' }} pb={{ base: '16', md: '24' }}>
      <Stack gap="2" mb={{ base: '6', md: '10' }} align={{ base: 'flex-start', md: 'center' }} textAlign={{ base: 'left', md: 'center' }}>
        <Text fontSize="xs" letterSpacing="0.24em" textTransform="uppercase" color="brand.goldText" fontWeight="600">
          Your account
        </Text>
        <Heading as="h1" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.1">
          My Account
        </Heading>
        {session.email ? (
          <Text color="brand.muted" fontSize="sm">
            Signed in as {session.email}
          </Text>
        ) : null}
      </Stack>

      <Tabs.Root
        value={tab}
        onValueChange={(details) => navigate(paths.accountTab(details.value), { replace: true })}
        variant="line"
        colorPalette="leaf"
        lazyMount
      >
        <Box overflowX="auto" mx={{ base: '-4', md: '0' }} px={{ base: '4', md: '0' }} css={{ scrollbarWidth: 'none' }}>
          <Tabs.List borderColor="brand.line" justifyContent={{ md: 'center' }} minW="max-content">
            {accountTabs.map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                px={{ base: '4', md: '8' }}
                fontSize="md"
                fontWeight="medium"
                color="brand.muted"
                _selected={{ color: 'brand.leaf' }}
              >
                {tabLabels[value]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        <Tabs.Content value="profile" pt={{ base: '6', md: '10' }}>
          <ProfileTab userExtId={userExtId} />
        </Tabs.Content>
        <Tabs.Content value="orders" pt={{ base: '6', md: '10' }}>
          <OrdersTab userExtId={userExtId} />
        </Tabs.Content>
        <Tabs.Content value="addresses" pt={{ base: '6', md: '10' }}>
          <AddressesTab userExtId={userExtId} />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
