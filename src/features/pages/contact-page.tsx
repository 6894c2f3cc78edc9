// /contactus: the contact block and the "Get in Touch" form. The flow lives in machines/contact.machine.ts; this view
// provides the request and the toasts, renders the state and sends events.
import type { ChangeEvent, FormEvent } from 'react';
import { Box, Button, Container, Grid, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { contactForm } from '../../../domain/contact';
import type { ContactForm } from '../../../domain/contact';
import { fieldErrors } from '../../../domain/fields';
import { limits } from '../../../domain/limits';
import { contactMachine } from '../../../machines/contact.machine';
import type { ContactField } from '../../../machines/contact.selectors';
import { sendContactMessage } from '../../api/contact';
import { appActorOptions } from '../../app/inspection';
import { notify } from '../../app/show-notice';
import { useDocumentTitle } from '../../app/use-document-title';
import { useShopInfo } from '../../app/use-shop-info';
import { ContactDetails } from './contact-details';
import { RequiredField, RequiredTextField } from '../../components/required-field';
import type { FieldBinding, TextInputSpec } from '../../components/required-field';
import { shownErrors } from '../../components/shown-errors';

/** maxLength only where it cannot cut a paste short before the typing filter drops spaces and dashes. */
type FieldSpec = TextInputSpec<ContactField>;

const inputs: FieldSpec[] = [
  { field: 'fullName', label: 'Full Name', autoComplete: 'name', placeholder: 'Your name' },
  {
    field: 'userEmail',
    label: 'Email Address',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    maxLength: limits.emailMax,
    placeholder: 'you@example.com',
  },
  {
    field: 'phoneNumber',
    label: 'Phone Number',
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    placeholder: '10-digit mobile number',
  },
];

const fieldStyles = { bg: 'white', size: 'lg' } as const;
const fieldOrder: ContactField[] = ['fullName', 'userEmail', 'phoneNumber', 'message'];

export function ContactUsPage() {
  const shop = useShopInfo();
  // useActor swaps in the implementations of every render, so the request sees the shop's e-mail once it arrives.
  const [snapshot, send, actorRef] = useActor(
    contactMachine.provide({
      actors: {
        sendMessage: fromPromise<{ message: string }, ContactForm>(({ input }) =>
          sendContactMessage({ ...input, adminEmail: shop?.email }),
        ),
      },
      actions: {
        notify,
      },
    }),
    appActorOptions,
  );

  useDocumentTitle('Contact Us');

  const { form, submitted } = snapshot.context;
  const sending = snapshot.matches('sending');
  const errors = fieldErrors(contactForm, form);
  const shownError = shownErrors<ContactField>(form, errors, submitted);

  const change = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    send({ type: 'field.change', field, value: event.target.value });
  const bound: FieldBinding<ContactField> = { value: (field) => form[field], error: shownError, onChange: change };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    send({ type: 'form.submit' });
    // A refused submit takes keyboard and screen-reader users straight to the first field to fix.
    const after = actorRef.getSnapshot();
    if (!after.matches('editing')) return;
    const invalid = fieldErrors(contactForm, after.context.form);
    const first = fieldOrder.find((field) => invalid[field]);
    if (first) formElement.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  return (
    <Container maxW="7xl" px={{ base: '5', md: '8' }} py={{ base: '10', md: '16' }}>
      <Stack gap="3" mb={{ base: '8', md: '12' }} maxW="2xl">
        <Text color="brand.goldText" fontSize="xs" fontWeight="semibold" letterSpacing="0.18em" textTransform="uppercase">
          Contact
        </Text>
        <Heading as="h1" color="brand.leaf" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="semibold" lineHeight="1.1">
          Contact Us
        </Heading>
        <Box aria-hidden="true" h="2px" w="14" bg="brand.gold" borderRadius="full" />
      </Stack>
      <Grid templateColumns={{ base: '1fr', lg: '5fr 7fr' }} gap={{ base: '8', lg: '12' }} alignItems="start">
        <ContactDetails />
        <Box as="section" aria-labelledby="get-in-touch-heading" layerStyle="card" p={{ base: '6', md: '10' }}>
          <Heading as="h2" id="get-in-touch-heading" color="brand.leaf" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="semibold">
            Get in Touch
          </Heading>
          <Text color="brand.muted" mt="1" mb="6">
            Send us a message and we will get back to you soon.
          </Text>
          <form noValidate onSubmit={submit} aria-label="Get in Touch">
            <Stack gap="5">
              {inputs.map((spec) => (
                <RequiredTextField key={spec.field} spec={spec} bind={bound} readOnly={sending} />
              ))}
              <RequiredField label="Message" error={shownError('message')} readOnly={sending}>
                <Textarea
                  {...fieldStyles}
                  name="message"
                  rows={5}
                  maxLength={limits.contactMessageMax}
                  placeholder="How can we help?"
                  value={form.message}
                  onChange={change('message')}
                />
              </RequiredField>
              <Button
                type="submit"
                colorPalette="leaf"
                size="lg"
                disabled={sending}
                loading={sending}
                loadingText="Sending…"
                alignSelf={{ base: 'stretch', sm: 'flex-start' }}
                px="10"
              >
                Send Message
              </Button>
            </Stack>
          </form>
        </Box>
      </Grid>
    </Container>
  );
}
