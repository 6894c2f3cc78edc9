// @vitest-environment jsdom
// The contact machine's paths walked through the real Contact Us page: the four fields typed, Send Message clicked,
// and contactapi answering (thanks, or a failure) when the path says.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import { contactForm, contactMessages } from '../../../domain/contact';
import type { ContactForm } from '../../../domain/contact';
import { fieldErrors } from '../../../domain/fields';
import { contactMachine } from '../../../machines/contact.machine';
import type { ContactField } from '../../../machines/contact.selectors';
import { ContactUsPage } from '../../../src/features/pages/contact-page';
import { shopInfoReply } from '../catalog-fixtures';
import { heldNetwork } from './held-network';
import { renderScreen } from './render-screen';
import { expectToast, isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

const fieldLabels: Record<ContactField, string> = {
  fullName: 'Full Name',
  userEmail: 'Email Address',
  phoneNumber: 'Phone Number',
  message: 'Message',
};

const network = heldNetwork();
mockApi([
  network.hold('post', '*/api/contactapi', 'contactapi'),
  http.get('*/api/shop', () => HttpResponse.json(shopInfoReply)),
]);

async function renderContactUs() {
  renderScreen(<ContactUsPage />, '/contactus');
  // The message carries the shop's e-mail: the page has it once the contact block shows it.
  await screen.findByRole('link', { name: shopInfoReply.email });
  const form = screen.getByRole('form', { name: 'Get in Touch' });
  const field = (name: ContactField) => within(form).getByLabelText(new RegExp(`^${fieldLabels[name]}`)) as HTMLInputElement;
  return { form, field, send: within(form).getByRole('button', { name: /Send/ }) };
}
type ContactScreen = Awaited<ReturnType<typeof renderContactUs>>;

describeViewModel<ContactScreen, undefined>('contact machine through the real Contact Us page', {
  machine: contactMachine,
  network,
  situations: [{ name: 'at /contactus', input: undefined }],
  events: [
    { type: 'field.change', field: 'fullName', value: 'Asha Raman' },
    { type: 'field.change', field: 'userEmail', value: 'asha@example.in' },
    { type: 'field.change', field: 'phoneNumber', value: '9876543210' },
    // Five digits: a phone number the form refuses.
    { type: 'field.change', field: 'phoneNumber', value: '98765' },
    { type: 'field.change', field: 'message', value: 'Can you deliver a posy to Adyar on Friday?' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.sendMessage', output: { message: contactMessages.sent } },
    { type: 'xstate.error.actor.sendMessage', error: { status: 500 } },
  ],
  render: () => renderContactUs(),
  perform: {
    'field.change': (page, event) => {
      fireEvent.change(page.field(event.field as ContactField), { target: { value: event.value } });
    },
    'form.submit': async (page, _, { user }, { to }) => {
      await user.click(page.send);
      if (to.matches('editing')) await expectToast(contactMessages.invalidForm);
    },
    'xstate.done.actor.sendMessage': async (_, __, { network }) => {
      await network.answer('contactapi', () => HttpResponse.json({ message: contactMessages.sent }));
      await expectToast(contactMessages.sent);
    },
    'xstate.error.actor.sendMessage': async (_, __, { network }) => {
      await network.answer('contactapi', () => HttpResponse.json({ message: 'Mail is down', code: 'INTERNAL' }, { status: 500 }));
      await expectToast(contactMessages.failed);
    },
  },
  shows: {
    editing: (page, expected) => {
      const { form, submitted } = expected.context as { form: ContactForm; submitted: boolean };
      const errors = fieldErrors(contactForm, form);
      for (const name of Object.keys(fieldLabels) as ContactField[]) {
        expect(page.field(name).value).toBe(form[name]);
        // A message shows once its field is typed in, or for every field after a refused submit.
        expect(messageOf(page.field(name))).toBe(submitted || form[name] !== '' ? errors[name] : undefined);
      }
      expect(isBusy(page.send)).toBe(false);
    },
    sending: (page, expected, { network }) => {
      expect(isBusy(page.send)).toBe(true);
      expect(network.waiting('contactapi').map((request) => request.body)).toEqual([
        { ...(expected.context as { form: ContactForm }).form, adminEmail: shopInfoReply.email },
      ]);
    },
  },
});
