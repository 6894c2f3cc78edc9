// @vitest-environment jsdom
import './setup-dom';
import type { ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { shopSystem } from './shop-system';
import { AboutUsPage } from '../../src/features/pages/about-us-page';
import { AccessPage } from '../../src/features/pages/access-page';
import { NotFoundPage } from '../../src/features/pages/not-found-page';
import { PrivacyPage } from '../../src/features/pages/privacy-page';
import { RefundPage } from '../../src/features/pages/refund-page';
import { ShippingPage } from '../../src/features/pages/shipping-page';
import { TermsPage } from '../../src/features/pages/terms-page';
import { petalStudio } from './shop-fixtures';

const shop = petalStudio;

let shopRequests = 0;
const server = setupServer(
  http.get('*/api/shop', () => {
    shopRequests += 1;
    return HttpResponse.json(shop);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function renderAt(path: string, page: ReactElement) {
  const user = userEvent.setup();
  render(
    <ChakraProvider value={shopSystem()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/contactus" element={<p>Contact page</p>} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return user;
}

const text = () => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

describe('policy pages', () => {
  it('/shipping: 2 to 5 business days, charges at checkout, tracking by e-mail, care in transit', async () => {
    renderAt('/shipping', <ShippingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeTruthy();
    expect(text()).toContain('delivered within 2 to 5 business days');
    expect(text()).toContain('Shipping charges are computed at checkout');
    expect(text()).toContain('tracking link by e-mail');
    expect(text()).toContain('Fresh flowers');
    expect(text()).toContain('Everlasting dried-flower arrangements');
    // The support contact comes from the shop's configuration once it has loaded.
    expect(await screen.findByRole('link', { name: shop.email })).toHaveProperty('href', `mailto:${shop.email}`);
  });

  it('/refund: no returns after shipping; damage reported within 48 hours with photos', async () => {
    renderAt('/refund', <RefundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeTruthy();
    expect(text()).toContain('We do not accept returns or exchanges, and we cannot offer refunds once an order has been shipped.');
    expect(text()).toContain('tell us within 48 hours of delivery');
    expect(text()).toContain('clear photos of the item');
    expect(await screen.findByRole('link', { name: shop.phone })).toHaveProperty('href', 'tel:+919840012345');
  });

  it('/terms: Tamil Nadu law, Chennai courts, INR prices with taxes, India-only delivery, card payments', async () => {
    renderAt('/terms', <TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
    expect(text()).toContain('governed by the laws of India and of the State of Tamil Nadu');
    expect(text()).toContain('courts of Chennai, Tamil Nadu, India');
    expect(text()).toContain('All prices are in Indian rupees (INR) and include applicable taxes');
    expect(text()).toContain('We deliver within India only');
    expect(text()).toContain('card payments');
    expect(await screen.findByText(/buy from Petal Studio/)).toBeTruthy();
  });

  it('/privacy: what is collected, the session cookie, and no selling of data', async () => {
    renderAt('/privacy', <PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    for (const item of ['name, e-mail address and mobile number', 'Delivery addresses', 'Your orders']) {
      expect(text()).toContain(item);
    }
    expect(text()).toContain('one essential cookie');
    expect(text()).toContain('We never sell or rent your personal data.');
    expect(await screen.findByRole('link', { name: shop.email })).toBeTruthy();
  });

  it('/aboutus: the Chennai studio, everlasting and fresh flowers, the collections', async () => {
    renderAt('/aboutus', <AboutUsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeTruthy();
    expect(text()).toContain('handcrafted everlasting dried-flower arrangements');
    expect(text()).toContain('fresh flowers');
    for (const name of ['Exotic', 'Posy', 'Round', 'Side']) expect(screen.getByText(name)).toBeTruthy();
    expect(await screen.findByText(/Our studio is at 12 Khader Nawaz Khan Road/)).toBeTruthy();
    expect(text()).toContain('Petal Studio is a small flower studio in Chennai');
  });

  it('asks the server for the shop details once per page load, however many places show them', () => {
    expect(shopRequests).toBe(1);
  });
});

describe('/access and not-found', () => {
  it('/access says the page is restricted and Go to Home leads to /', async () => {
    const user = renderAt('/access', <AccessPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Restricted' })).toBeTruthy();
    expect(screen.getByText("Sorry, you don't have access to view this page.")).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  it('an unknown address gets a friendly 404 with a way back to the shop', async () => {
    const user = renderAt('/no-such-page', <NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contactus');
    await user.click(screen.getByRole('link', { name: 'Back to the shop' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
  });
});
