// The delivery address at /checkout (SPEC.md §2 Checkout, §4 "Address saved", §5 Address form) for a signed-in user or
// a verified guest: the saved addresses to choose from by radio, or the form for a new one. The flow and its rules are
// machines/checkout-address.machine.ts; the page holds the actor because Place Order sends the chosen address.
import { useId } from 'react';
import type { FormEvent } from 'react';
import { Button, HStack, IconButton, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { Address, AddressFields } from '../../../domain/address';
import type { CartOwner } from '../../../domain/cart';
import { checkoutAddressMachine } from '../../../machines/checkout-address.machine';
import { pincodeMismatch } from '../../../machines/pincode-lookup';
import { getUserAddresses } from '../../api/account';
import { createGuestAddress, createLoginCheckoutAddress, getGuestUserAddresses } from '../../api/checkout';
import { lookupPincode } from '../../api/pincodes';
import { readDeliveryPincode } from '../../app/delivery-pincode';
import { appActorOptions } from '../../app/inspection';
import { notify } from '../../app/show-notice';
import { AddressCard } from '../../components/address-card';
import { AddressForm } from '../../components/address-form';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { LoadFailed, Loading } from '../../components/load-states';
import { CheckoutCard } from './checkout-card';
import { FormSubmitButton } from '../../components/form-submit-button';

export type CheckoutAddressActor = ActorRefFrom<typeof checkoutAddressMachine>;

/**
 * The checkout-address machine with the buyer's calls: a signed-in user's own addresses, or those of the account a
 * verified guest session is linked to, and the pincode kept from "Check delivery". The buyer is read once; mount the
 * caller anew (a key) for another buyer.
 */
export function useCheckoutAddressActor(buyer: CartOwner): CheckoutAddressActor {
  return useActorRef(
    checkoutAddressMachine.provide({
      actors: {
        loadAddresses: fromPromise<Address[]>(() =>
          buyer.kind === 'user' ? getUserAddresses(buyer.userExtId) : getGuestUserAddresses(buyer.sessionId),
        ),
        saveAddress: fromPromise<unknown, AddressFields>(({ input }) =>
          buyer.kind === 'user'
            ? createLoginCheckoutAddress(buyer.userExtId, input)
            : createGuestAddress(buyer.sessionId, input),
        ),
        lookupPincode: fromPromise(({ input }: { input: string }) => lookupPincode(input)),
      },
      actions: {
        notify,
        logError: (_, { error }) => console.error('checkout address call failed', error),
      },
    }),
    { input: { deliveryPincode: readDeliveryPincode() }, ...appActorOptions },
  );
}

export function CheckoutAddresses({ actor }: { actor: CheckoutAddressActor }) {
  const mode = useSelector(actor, (snapshot) => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('loadFailed')) return 'loadFailed';
    if (snapshot.matches('list')) return 'list';
    return 'form';
  });

  return (
    <CheckoutCard title="Shipping Address">
      {mode === 'loading' ? <Loading label="Loading your addresses…" inCard /> : null}
      {mode === 'loadFailed' ? (
        <LoadFailed
          message="Your addresses did not load. Please try again in a moment."
          onRetry={() => actor.send({ type: 'address.retry' })}
          inCard
        />
      ) : null}
      {mode === 'list' ? <AddressList actor={actor} /> : null}
      {mode === 'form' ? <NewAddressForm actor={actor} /> : null}
    </CheckoutCard>
  );
}

function AddressList({ actor }: { actor: CheckoutAddressActor }) {
  const addresses = useSelector(actor, (snapshot) => snapshot.context.addresses);
  const selectedAddressId = useSelector(actor, (snapshot) => snapshot.context.selectedAddressId);

  return (
    <Stack gap="5">
      <RadioGroup.Root
        value={selectedAddressId === null ? null : String(selectedAddressId)}
        onValueChange={({ value }) => {
          if (value !== null) actor.send({ type: 'address.select', addressId: Number(value) });
        }}
      >
        <RadioGroup.Label srOnly>Delivery address</RadioGroup.Label>
        <Stack gap="3">
          {addresses.map((address) => (
            <AddressChoice key={address.id} address={address} selected={address.id === selectedAddressId} />
          ))}
        </Stack>
      </RadioGroup.Root>
      <Button
        variant="outline"
        colorPalette="leaf"
        rounded="full"
        px="6"
        alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        onClick={() => actor.send({ type: 'form.open' })}
      >
        <PlusIcon size={18} />
        Add New Address Here
      </Button>
    </Stack>
  );
}

/** One address as a radio: the whole card is the radio's label, named by the recipient and described by the lines. */
function AddressChoice({ address, selected }: { address: Address; selected: boolean }) {
  const nameId = useId();
  const detailsId = useId();
  return (
    <RadioGroup.Item
      value={String(address.id)}
      display="block"
      fontWeight="normal"
      cursor="pointer"
      rounded="2xl"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.leaf', outlineOffset: '3px' }}
    >
      <RadioGroup.ItemHiddenInput aria-labelledby={nameId} aria-describedby={detailsId} />
      <AddressCard
        as="span"
        inLabel
        address={address}
        nameId={nameId}
        detailsId={detailsId}
        selected={selected}
        p={{ base: '4', md: '5' }}
        _hover={selected ? undefined : { borderColor: 'leaf.muted' }}
        leading={<RadioGroup.ItemControl as="span" mt="1.5" />}
      />
    </RadioGroup.Item>
  );
}

/** "Add New Address Here": over a list it can be cancelled; with no address yet it is all there is. */
function NewAddressForm({ actor }: { actor: CheckoutAddressActor }) {
  const titleId = useId();
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const submitted = useSelector(actor, (snapshot) => snapshot.context.submitted);
  const pincodeError = useSelector(actor, (snapshot) => pincodeMismatch(snapshot.context.form, snapshot.context.pincodeLookup));
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const hasList = useSelector(actor, (snapshot) => snapshot.context.addresses.length > 0);
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.cancel' }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <Stack gap="5">
      <HStack justify="space-between" align="center" gap="3">
        <Text as="h3" id={titleId} fontFamily="heading" fontSize="xl" fontWeight="600" color="brand.ink" lineHeight="1.3">
          Add New Address Here
        </Text>
        {hasList ? (
          <IconButton
            aria-label="Cancel new address"
            variant="ghost"
            size="sm"
            rounded="full"
            color="brand.muted"
            _hover={{ color: 'brand.roseDeep', bg: 'brand.roseSoft' }}
            disabled={!canCancel}
            onClick={() => actor.send({ type: 'form.cancel' })}
          >
            <CloseIcon size={20} />
          </IconButton>
        ) : null}
      </HStack>
      {hasList ? null : (
        <Text color="brand.muted" fontSize="sm" mt="-2">
          No saved address yet: tell us where the flowers should go.
        </Text>
      )}
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <Stack gap="7">
          <AddressForm
            values={form}
            onFieldChange={(field, value) => actor.send({ type: 'field.change', field, value })}
            showAllErrors={submitted}
            disabled={saving}
            pincodeError={pincodeError}
          />
          <FormSubmitButton
            loading={saving}
            loadingText="Saving…"
          >
            Save Address
          </FormSubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
