// @vitest-environment jsdom
import './setup-dom';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockApi, renderPageAt } from './page-harness';
import { ContactUsPage } from '../../src/features/pages/contact-page';
import { petalStudio } from './shop-fixtures';

const shop = petalStudio;

let received: unknown[] = [];
let contactStatus = 200;

const server = mockApi(
  [
    http.get('*/api/shop', () => HttpResponse.json(shop)),
    http.post('*/api/contactapi', async ({ request }) => {
      received.push(await request.json());
      return contactStatus === 200
        ? HttpResponse.json({ message: 'Thank You for Your Response!!' })
        : HttpResponse.json({ message: 'Mail is down', code: 'INTERNAL' }, { status: contactStatus });
    }),
  ],
  () => {
    received = [];
    contactStatus = 200;
  },
);

function renderPage() {
  const user = renderPageAt('/contactus', <ContactUsPage />);
  const form = screen.getByRole('form', { name: 'Get in Touch' });
  const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`));
  const fields = { fullName: field('Full Name'), email: field('Email Address'), phone: field('Phone Number'), message: field('Message') };
  /** Types Asha's name, e-mail and phone and `message` as hers: a form that passes. */
  const fillIn = async (message: string) => {
    await user.type(fields.fullName, 'Asha Raman');
    await user.type(fields.email, 'asha@example.in');
    await user.type(fields.phone, '9876543210');
    await user.type(fields.message, message);
  };
  return { user, ...fields, fillIn, send: within(form).getByRole('button', { name: 'Send Message' }) };
}

describe('Contact Us page', () => {
  it('shows the contact block with the shop e-mail, phone, Chennai office and an Email Us mail link', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: shop.email })).toHaveProperty('href', `mailto:${shop.email}`);
    expect(screen.getByRole('link', { name: shop.phone }).getAttribute('href')).toBe('tel:+919840012345');
    expect(screen.getByText(shop.address)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Email Us' }).getAttribute('href')).toBe(`mailto:${shop.email}`);
    expect(screen.getByRole('heading', { name: 'Get in Touch' })).toBeTruthy();
  });

  it('shows every required message on an invalid submit, says "Something went wrong" and sends nothing', async () => {
    const page = renderPage();
    await page.user.click(page.send);
    expect(await screen.findByText('Full Name is required!')).toBeTruthy();
    expect(screen.getByText('Email Address is required!')).toBeTruthy();
    expect(screen.getByText('Phone Number is required!')).toBeTruthy();
    expect(screen.getByText('Your message is required!')).toBeTruthy();
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(document.activeElement).toBe(page.fullName);
    expect(received).toEqual([]);
  });

  it('shows a format message once a field is non-empty, and none for untouched fields', async () => {
    const page = renderPage();
    await page.user.type(page.email, 'asha@');
    expect(screen.getByText('Invalid email address format!')).toBeTruthy();
    expect(screen.queryByText('Full Name is required!')).toBeNull();
    await page.user.type(page.phone, '98765');
    expect(screen.getByText('Invalid phone number format (10 digits required)!')).toBeTruthy();
    await page.user.type(page.email, 'example.in');
    expect(screen.queryByText('Invalid email address format!')).toBeNull();
  });

  it('filters typing: letters and spaces in the name, ten digits in the phone, 50 characters of e-mail', async () => {
    const page = renderPage();
    await page.user.type(page.fullName, 'Asha R4aman!');
    expect(page.fullName).toHaveProperty('value', 'Asha Raman');
    await page.user.type(page.phone, '+91 98765-432109');
    expect(page.phone).toHaveProperty('value', '9198765432');
    // A pasted number with spaces keeps all ten digits.
    await page.user.clear(page.phone);
    await page.user.click(page.phone);
    await page.user.paste('98765 43210');
    expect(page.phone).toHaveProperty('value', '9876543210');
    await page.user.type(page.email, `${'a'.repeat(45)}@example.in`);
    expect(page.email).toHaveProperty('value', `${'a'.repeat(45)}@exam`);
  });

  it('sends the message with the shop e-mail, thanks the shopper and clears the form', async () => {
    const page = renderPage();
    await screen.findByRole('link', { name: shop.email });
    await page.fillIn('Can you deliver a posy to Adyar on Friday?');
    await page.user.click(page.send);
    expect(await screen.findByText('Thank You for Your Response!!')).toBeTruthy();
    expect(received).toEqual([
      {
        fullName: 'Asha Raman',
        userEmail: 'asha@example.in',
        phoneNumber: '9876543210',
        message: 'Can you deliver a posy to Adyar on Friday?',
        adminEmail: shop.email,
      },
    ]);
    for (const input of [page.fullName, page.email, page.phone, page.message]) expect(input).toHaveProperty('value', '');
    // A cleared form after success shows no "required" messages.
    expect(screen.queryByText('Full Name is required!')).toBeNull();
  });

  it('keeps the form and shows the failure message when the server refuses', async () => {
    contactStatus = 500;
    const page = renderPage();
    await page.fillIn('Hello');
    await page.user.click(page.send);
    expect(await screen.findByText('Something went wrong: An error occurred during submission')).toBeTruthy();
    expect(received).toHaveLength(1);
    expect(page.fullName).toHaveProperty('value', 'Asha Raman');
    await waitFor(() => expect(page.send).toHaveProperty('disabled', false));
  });

  it('disables Send Message while the message is on its way', async () => {
    let release: () => void = () => {};
    server.use(
      http.post('*/api/contactapi', async ({ request }) => {
        received.push(await request.json());
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const page = renderPage();
    await page.fillIn('Hello');
    await page.user.click(page.send);
    await waitFor(() => expect(screen.getByRole('button', { name: /Send/ })).toHaveProperty('disabled', true));
    await waitFor(() => expect(received).toHaveLength(1));
    release();
    expect(await screen.findByText('Thank You for Your Response!!')).toBeTruthy();
    expect(received).toHaveLength(1);
  });
});
