// "Check delivery" on a flower's page (issue 40): draws machines/delivery-check.machine.ts and provides its calls: the
// server's answer for this flower's delivery kind, and the pincode kept for the visit (src/app/delivery-pincode.ts).
import { useId } from 'react';
import type { FormEvent } from 'react';
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { deliveryCheckMachine } from '../../../machines/delivery-check.machine';
import type { CheckDeliveryInput } from '../../../machines/delivery-check.machine';
import { checkDelivery } from '../../api/delivery';
import { keepDeliveryPincode, readDeliveryPincode } from '../../app/delivery-pincode';
import { appActorOptions } from '../../app/inspection';

export function DeliveryCheck({ kind }: { kind: DeliveryKind }) {
  const titleId = useId();
  const answerId = useId();
  const inputId = useId();
  const [snapshot, send] = useActor(
    deliveryCheckMachine.provide({
      actors: {
        recallPincode: fromPromise(() => Promise.resolve(readDeliveryPincode())),
        checkDelivery: fromPromise(({ input }: { input: CheckDeliveryInput }) => checkDelivery(input)),
      },
      actions: {
        rememberPincode: (_, { pincode }) => keepDeliveryPincode(pincode),
        logError: (_, { error }) => console.error('delivery check failed', error),
      },
    }),
    { input: { kind }, ...appActorOptions },
  );
  const { pincode, answer, message } = snapshot.context;
  const checking = snapshot.matches('checking');
  const refused = message !== null || (answer !== null && !answer.deliverable);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'check.submit' });
  };

  return (
    <Box as="section" aria-labelledby={titleId} borderWidth="1px" borderColor="brand.line" rounded="2xl" bg="white" p={{ base: '4', md: '5' }}>
      <Text as="h2" id={titleId} fontFamily="heading" fontSize="xl" fontWeight="600" color="brand.leaf" mb="3">
        Check delivery
      </Text>
      <form noValidate onSubmit={submit}>
        <HStack align="end" gap="3">
          {/* Plain elements: a first visit's page carries no form recipes (src/app/lazy-recipes.ts). */}
          <Stack gap="1.5" flex="1" minW="0">
            <chakra.label htmlFor={inputId} fontSize="sm" fontWeight="500" color="brand.ink">
              Pincode
            </chakra.label>
            <chakra.input
              id={inputId}
              name="deliveryPincode"
              w="full"
              minW="0"
              h="10"
              px="3"
              bg="white"
              color="brand.ink"
              borderWidth="1px"
              borderColor={message === null ? 'brand.line' : 'brand.roseDeep'}
              rounded="lg"
              _placeholder={{ color: 'brand.muted' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.leaf', outlineOffset: '1px' }}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="6-digit pincode"
              value={pincode}
              aria-invalid={message !== null}
              aria-describedby={answer || message ? answerId : undefined}
              onChange={(event) => send({ type: 'pincode.change', value: event.target.value })}
            />
          </Stack>
          <Button type="submit" variant="outline" colorPalette="leaf" rounded="full" px="6" loading={checking} loadingText="Check">
            Check
          </Button>
        </HStack>
      </form>
      <Box role="status" aria-live="polite" minH="0">
        {answer || message ? (
          <Text id={answerId} mt="3" fontSize="sm" fontWeight="500" color={refused ? 'brand.roseDeep' : 'brand.leaf'} data-deliverable={answer?.deliverable ?? false}>
            {message ?? answer?.message}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}
