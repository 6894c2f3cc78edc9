// /updateuseraddress/{id} (User Address): loads one saved address into the shared address form and saves it; the
// machine (machines/edit-address.machine.ts) decides messages and the return to /account/addresses after 3 s.
import type { FormEvent } from 'react';
import { Box, Button, Container, Heading, Link, Skeleton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { editAddressFields } from '../../../domain/address';
import type { Address } from '../../../domain/address';
import { editAddressMachine } from '../../../machines/edit-address.machine';
import { pincodeMismatch } from '../../../machines/pincode-lookup';
import type { SaveAddressInput, SaveAddressOutput } from '../../../machines/edit-address.machine';
import { getUserAddress, updateUserAddress } from '../../api/account';
import { lookupPincode } from '../../api/pincodes';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session-store';
import { notify } from '../../app/show-notice';
import { useDocumentTitle } from '../../app/use-document-title';
import { AddressForm } from '../../components/address-form';
import { AccountPanel } from './account-panel';
import { FormSubmitButton } from '../../components/form-submit-button';

function EditAddressForm({ addressId, userExtId }: { addressId: number; userExtId: string }) {
  const navigate = useNavigate();
  const [snapshot, send] = useActor(
    editAddressMachine.provide({
      actors: {
        loadAddress: fromPromise<Address, number>(({ input }) => getUserAddress(input)),
        saveAddress: fromPromise<SaveAddressOutput, SaveAddressInput>(({ input }) =>
          updateUserAddress(input.addressId, input.userExtId, input.fields),
        ),
        lookupPincode: fromPromise(({ input }: { input: string }) => lookupPincode(input)),
      },
      actions: {
        notify,
        logError: (_, { error }) => console.error('address call failed', error),
        goToAddresses: () => navigate(paths.accountAddresses),
      },
    }),
    { input: { addressId, userExtId }, ...appActorOptions },
  );

  if (snapshot.matches('loading')) {
    return (
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" aria-busy="true" aria-label="Loading the address">
        {Array.from({ length: 8 }, (_, index) => (
          <Stack key={index} gap="2">
            <Skeleton h="4" w="28" />
            <Skeleton h="12" rounded="md" />
          </Stack>
        ))}
      </SimpleGrid>
    );
  }

  if (snapshot.matches('loadFailed')) {
    return (
      <Stack align="center" gap="4" py="6" textAlign="center">
        <Text color="brand.muted">We could not load this address.</Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button variant="outline" colorPalette="leaf" rounded="full" onClick={() => send({ type: 'address.retry' })}>
            Try again
          </Button>
          <Button asChild colorPalette="leaf" rounded="full">
            <RouterLink to={paths.accountAddresses}>Back to my addresses</RouterLink>
          </Button>
        </Stack>
      </Stack>
    );
  }

  const busy = snapshot.matches('saving') || snapshot.matches('saved') || snapshot.matches('done');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="User Address">
      <Stack gap="7">
        <AddressForm
          values={snapshot.context.form}
          pincodeError={pincodeMismatch(snapshot.context.form, snapshot.context.pincodeLookup)}
          onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
          schema={editAddressFields}
          showAllErrors={snapshot.context.submitted}
          disabled={busy}
        />
        <FormSubmitButton
          loading={snapshot.matches('saving')}
          loadingText="Updating…"
          disabled={busy}
        >
          Update
        </FormSubmitButton>
      </Stack>
    </form>
  );
}

export function EditAddressPage() {
  const { id = '' } = useParams();
  const session = useSession();
  useDocumentTitle('User Address');
  const addressId = /^\d{1,9}$/.test(id) ? Number(id) : Number.NaN;

  return (
    <Container maxW="3xl" px={{ base: '4', md: '8' }} pt={{ base: '8', md: '14' }} pb={{ base: '16', md: '24' }}>
      <Stack gap="2" mb={{ base: '6', md: '8' }}>
        <Link asChild color="brand.leaf" fontSize="sm" fontWeight="medium" alignSelf="flex-start">
          <RouterLink to={paths.accountAddresses}>← My addresses</RouterLink>
        </Link>
        <Heading as="h1" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.1">
          User Address
        </Heading>
        <Box aria-hidden="true" h="2px" w="14" bg="brand.gold" borderRadius="full" />
      </Stack>
      <AccountPanel>
        {Number.isInteger(addressId) && addressId > 0 ? (
          <EditAddressForm key={addressId} addressId={addressId} userExtId={session.userExtId ?? ''} />
        ) : (
          <Text color="brand.muted" textAlign="center" py="6">
            This address does not exist.
          </Text>
        )}
      </AccountPanel>
    </Container>
  );
}
