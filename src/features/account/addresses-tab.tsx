// Account › Addresses: a card per saved address with an Edit link to /updateuseraddress/{id} (SPEC.md §2). New
// addresses are added at checkout. Load errors are only logged (SPEC.md §8).
import { Button, Flex, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { profileMessages } from '../../../domain/account';
import type { Address } from '../../../domain/address';
import { getUserAddresses } from '../../api/account';
import { paths } from '../../app/paths';
import { AddressCard } from '../../components/address-card';
import { useRemote } from '../../app/use-remote';
import { LoadFailed } from '../../components/load-states';

function AccountAddressCard({ address }: { address: Address }) {
  return (
    <AddressCard as="article" aria-label={`Address of ${address.fullName}`} address={address}>
      <Flex mt="5">
        <Button asChild variant="outline" colorPalette="leaf" rounded="full" size="sm" px="6">
          <RouterLink to={paths.updateUserAddress(address.id)} aria-label={`Edit the address of ${address.fullName}`}>
            Edit
          </RouterLink>
        </Button>
      </Flex>
    </AddressCard>
  );
}

export function AddressesTab({ userExtId }: { userExtId: string }) {
  const addresses = useRemote(`addresses:${userExtId}`, () =>
    getUserAddresses(userExtId).catch((error: unknown) => {
      console.error('addresses could not be loaded', error);
      throw error;
    }),
  );

  if (addresses.status === 'loading') {
    return (
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" aria-busy="true" aria-label="Loading your addresses">
        {[0, 1].map((index) => (
          <Skeleton key={index} h="56" rounded="2xl" />
        ))}
      </SimpleGrid>
    );
  }
  if (addresses.status === 'error') {
    return (
      <LoadFailed inCard message="We could not load your addresses just now." retryLabel="Try again" onRetry={() => window.location.reload()} />
    );
  }
  if (addresses.data.length === 0) {
    return (
      <Text textAlign="center" color="brand.muted" fontSize="lg" py="12">
        {profileMessages.addressesEmpty}
      </Text>
    );
  }
  return (
    <SimpleGrid as="section" aria-label="Your addresses" columns={{ base: 1, md: 2 }} gap="5">
      {addresses.data.map((address) => (
        <AccountAddressCard key={address.id} address={address} />
      ))}
    </SimpleGrid>
  );
}
