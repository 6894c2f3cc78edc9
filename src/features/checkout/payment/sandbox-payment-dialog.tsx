// The sandbox's payment dialog, black as the spec's payment dialog (SPEC.md §9): a Card tab and a UPI tab, as Razorpay's
// checkout offers. The flow is machines/sandbox-payment.machine.ts; this view provides the payment call, renders the
// state and sends events.
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { Alert, Badge, Box, Button, Dialog, Field, Flex, IconButton, Input, Portal, Stack, Tabs, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { formatRupees } from '../../../../domain/money';
import type { SandboxPayMethod, VerifyPaymentRequest } from '../../../../domain/payment';
import { sandboxCards, sandboxPayMethods, sandboxUpiIds } from '../../../../domain/payment';
import { filterSandboxPaymentField, sandboxPaymentErrors } from '../../../../machines/sandbox-payment.selectors';
import { sandboxPaymentMachine } from '../../../../machines/sandbox-payment.machine';
import type { SandboxPaymentField } from '../../../../machines/sandbox-payment.selectors';
import { sandboxPay } from '../../../api/payment';
import { appActorOptions } from '../../../app/inspection';
import { useShopInfo } from '../../../app/use-shop-info';
import { CloseIcon } from '../../../components/icons';
import { shownErrors } from '../../../components/shown-errors';

/** The black theme: near-black panels, white text, the shop's cream as the one light accent (and focus ring). */
const tones = {
  panel: '#0B0B0B',
  field: '#1A1A1A',
  line: 'rgba(255, 255, 255, 0.22)',
  soft: 'rgba(255, 255, 255, 0.72)',
  accent: 'brand.cream',
  error: '#FF9B9B', // 8.9:1 on the panel
} as const;

/** "4111 1111 1111 1111", as the card number field shows it. */
const grouped = (digits: string) => filterSandboxPaymentField('cardNumber', digits);

const methodLabels: Record<SandboxPayMethod, string> = { card: 'Card', upi: 'UPI' };

/** Each field's label and hints; a UPI ID is typed on the e-mail keyboard, which has the @. */
const fieldLooks: Record<SandboxPaymentField, Pick<PaymentFieldProps, 'label' | 'autoComplete' | 'placeholder' | 'inputMode' | 'helperText'>> = {
  cardNumber: { label: 'Card Number', autoComplete: 'cc-number', placeholder: '1234 5678 9012 3456' },
  expiry: { label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: 'MM/YY' },
  cvv: { label: 'CVV', autoComplete: 'cc-csc', placeholder: '123' },
  vpa: {
    label: 'UPI ID',
    autoComplete: 'off',
    placeholder: 'name@bank',
    inputMode: 'email',
    helperText: 'A collect request is sent to your UPI app.',
  },
};

interface PaymentFieldProps {
  field: SandboxPaymentField;
  label: string;
  value: string;
  error: string | undefined;
  autoComplete: string;
  placeholder: string;
  readOnly: boolean;
  inputMode?: 'numeric' | 'email' | undefined;
  helperText?: string | undefined;
  onValueChange: (field: SandboxPaymentField, value: string) => void;
}

function PaymentField(props: PaymentFieldProps) {
  const { field, label, value, error, autoComplete, placeholder, readOnly, inputMode = 'numeric', helperText, onValueChange } = props;
  return (
    <Field.Root invalid={Boolean(error)} readOnly={readOnly}>
      <Field.Label color="white" fontWeight="medium">
        {label}
      </Field.Label>
      <Input
        name={field}
        size="lg"
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(field, event.target.value)}
        bg={tones.field}
        color="white"
        borderColor={tones.line}
        letterSpacing="wider"
        _placeholder={{ color: 'whiteAlpha.600' }}
        _invalid={{ borderColor: tones.error }}
        _focusVisible={{ borderColor: tones.accent, outline: '2px solid', outlineColor: tones.accent, outlineOffset: '1px' }}
      />
      {helperText && !error ? <Field.HelperText color={tones.soft}>{helperText}</Field.HelperText> : null}
      <Field.ErrorText color={tones.error}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The test-mode note above each method's form: which test card or UPI ID pays and which is declined. */
function TestModeNote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box rounded="lg" borderWidth="1px" borderColor={tones.line} bg={tones.field} px="4" py="3" fontSize="sm">
      <Text fontWeight="semibold" color={tones.accent}>
        {title}
      </Text>
      <Text color={tones.soft}>{children}</Text>
    </Box>
  );
}

export interface SandboxPaymentDialogProps {
  /** The provider order id the card pays (the invoice's orderValueId). */
  orderId: string;
  /** Rupees. */
  amount: number;
  shopName: string;
  /** With the provider's ids and signature when paid; with null when the shopper closed the dialog. */
  onSettled: (payment: VerifyPaymentRequest | null) => void;
}

export function SandboxPaymentDialog({ orderId, amount, shopName, onSettled }: SandboxPaymentDialogProps) {
  const shop = useShopInfo();
  // The host gives each dialog its own key, so the `onSettled` of the first render is the dialog's for its whole life.
  const actor = useActorRef(
    sandboxPaymentMachine.provide({
      actors: { pay: fromPromise(({ input }) => sandboxPay(input)) },
      actions: { settle: (_, { payment }) => onSettled(payment) },
    }),
    { input: { orderId }, ...appActorOptions },
  );

  const context = useSelector(actor, (snapshot) => snapshot.context);
  const paying = useSelector(actor, (snapshot) => snapshot.matches('paying'));
  const closable = useSelector(actor, (snapshot) => snapshot.can({ type: 'dialog.close' }));

  const errors = sandboxPaymentErrors(context);
  const shownError = shownErrors<SandboxPaymentField>(context, errors, context.submitted);
  const change = (field: SandboxPaymentField, value: string) => actor.send({ type: 'field.change', field, value });
  const fieldProps = (field: SandboxPaymentField): PaymentFieldProps => ({
    field,
    ...fieldLooks[field],
    value: context[field],
    error: shownError(field),
    readOnly: paying,
    onValueChange: change,
  });
  const selectMethod = (method: string) => {
    const chosen = sandboxPayMethods.find((known) => known === method);
    if (chosen) actor.send({ type: 'method.select', method: chosen });
  };
  const close = () => {
    if (closable) actor.send({ type: 'dialog.close' });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  // A decline or a failed call, for another try: in the chosen method's tab only (the other tab is hidden, not gone).
  const declineIn = (method: SandboxPayMethod) =>
    context.decline && method === context.method ? (
    <Alert.Root role="alert" status="error" bg="rgba(255, 155, 155, 0.12)" borderWidth="1px" borderColor={tones.error} rounded="lg">
      <Alert.Description color={tones.error} fontWeight="medium">
        {context.decline}
      </Alert.Description>
    </Alert.Root>
    ) : null;
  const name = shopName || shop?.name || 'Petals & Stems';
  const price = formatRupees(amount);

  return (
    <Dialog.Root
      open
      onOpenChange={({ open }) => {
        if (!open) close();
      }}
      closeOnEscape={closable}
      closeOnInteractOutside={closable}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" />
        <Dialog.Positioner px="4">
          <Dialog.Content bg={tones.panel} color="white" rounded="2xl" borderWidth="1px" borderColor={tones.line} overflow="hidden">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pt="6" pb="4" borderBottomWidth="1px" borderColor={tones.line}>
              <Flex align="center" gap="3" pe="10">
                <Dialog.Title fontFamily="heading" fontSize="2xl" fontWeight="600" color="white">
                  {name}
                </Dialog.Title>
                <Badge bg={tones.accent} color="black" rounded="full" px="2.5">
                  Test mode
                </Badge>
              </Flex>
              <Dialog.Description color={tones.soft} fontSize="sm">
                Amount payable
              </Dialog.Description>
              <Text fontSize="3xl" fontWeight="semibold" letterSpacing="tight" color="white">
                {price}
              </Text>
            </Dialog.Header>
            <Dialog.Body py="5">
                <form noValidate onSubmit={submit} aria-label={context.method === 'upi' ? 'UPI payment' : 'Card payment'}>
                  <Stack gap="4">
                    <Tabs.Root value={context.method} onValueChange={({ value }) => selectMethod(value)} variant="enclosed" fitted>
                      <Tabs.List bg={tones.field} rounded="full" p="1" aria-label="Pay by">
                        {sandboxPayMethods.map((method) => (
                          <Tabs.Trigger
                            key={method}
                            value={method}
                            disabled={paying}
                            rounded="full"
                            color={tones.soft}
                            fontWeight="semibold"
                            _selected={{ bg: tones.accent, color: 'black' }}
                            _focusVisible={{ outline: '2px solid', outlineColor: tones.accent, outlineOffset: '2px' }}
                          >
                            {methodLabels[method]}
                          </Tabs.Trigger>
                        ))}
                      </Tabs.List>
                      <Tabs.Content value="card" pt="5" pb="0">
                        <Stack gap="5">
                          <TestModeNote title="No real card is charged.">
                            Card {grouped(sandboxCards.success)} is paid, {grouped(sandboxCards.declined)} is declined;
                            any MM/YY expiry and a 3- or 4-digit CVV.
                          </TestModeNote>
                          {declineIn('card')}
                          <PaymentField {...fieldProps('cardNumber')} />
                          <Flex gap="4">
                            <PaymentField {...fieldProps('expiry')} />
                            <PaymentField {...fieldProps('cvv')} />
                          </Flex>
                        </Stack>
                      </Tabs.Content>
                      <Tabs.Content value="upi" pt="5" pb="0">
                        <Stack gap="5">
                          <TestModeNote title="No real UPI collect is sent.">
                            UPI ID {sandboxUpiIds.success} is paid, {sandboxUpiIds.declined} is declined.
                          </TestModeNote>
                          {declineIn('upi')}
                          <PaymentField {...fieldProps('vpa')} />
                        </Stack>
                      </Tabs.Content>
                    </Tabs.Root>
                    <Button
                      type="submit"
                      size="lg"
                      rounded="full"
                      mt="2"
                      bg={tones.accent}
                      color="black"
                      fontWeight="semibold"
                      _hover={{ bg: 'white' }}
                      focusRingColor={tones.accent}
                      loading={paying}
                      loadingText={context.method === 'upi' ? 'Waiting for your UPI app…' : 'Paying…'}
                    >
                      Pay {price}
                    </Button>
                  </Stack>
                </form>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild top="4" insetEnd="4">
              <IconButton
                aria-label="Close payment"
                variant="ghost"
                size="sm"
                rounded="full"
                color="white"
                _hover={{ bg: 'whiteAlpha.200' }}
                focusRingColor={tones.accent}
                disabled={!closable}
              >
                <CloseIcon size={20} />
              </IconButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
