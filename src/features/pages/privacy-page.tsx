// /privacy: what the shop collects and why, the one session cookie, no selling of data (SPEC.md §3 browser storage).
import { Text } from '@chakra-ui/react';
import { PolicyLayout, PolicyList, PolicySection } from './policy-layout';
import { SupportContact, useShopName } from './support-contact';

export function PrivacyPage() {
  const shopName = useShopName();
  return (
    <PolicyLayout
      eyebrow="Policies"
      title="Privacy Policy"
      lead={`${shopName} collects only what it needs to take your order to your door, and keeps it safe. This page says what that is and what we do with it.`}
    >
      <PolicySection heading="What we collect">
        <PolicyList
          items={[
            <>
              <strong>Your name, e-mail address and mobile number</strong>, when you create an account, check out as a
              guest or write to us.
            </>,
            <>
              <strong>Delivery addresses</strong> you enter at checkout or save in your account.
            </>,
            <>
              <strong>Your orders</strong>: what you bought, the amounts, dates, status and tracking link.
            </>,
            <>
              <strong>Messages</strong> you send us through the Contact Us form.
            </>,
          ]}
        />
        <Text>
          Card details are entered with our payment provider and never reach our servers. Your password is stored only
          in a scrambled (hashed) form that nobody, including us, can read back.
        </Text>
      </PolicySection>

      <PolicySection heading="Why we use it">
        <PolicyList
          items={[
            'to process, pack and deliver your orders, and to send you order confirmations and tracking links;',
            'to verify your e-mail address with one-time codes and keep your account secure;',
            'to answer your messages and help with any problem with an order;',
            'to keep the tax and accounting records the law requires.',
          ]}
        />
        <Text>We do not send marketing e-mail unless you ask for it.</Text>
      </PolicySection>

      <PolicySection heading="Cookies and browser storage">
        <Text>
          We use one essential cookie, which keeps you signed in and expires after a day, and your browser's storage to
          remember your session and your bag while you shop as a guest. We use no advertising or tracking cookies.
        </Text>
      </PolicySection>

      <PolicySection heading="Who sees your data">
        <Text>
          <strong>We never sell or rent your personal data.</strong> We share only what each partner needs to do its
          part: the courier receives your name, delivery address and phone number; the payment provider receives the
          amount and your contact details for the payment; our e-mail service delivers the messages we send you.
        </Text>
      </PolicySection>

      <PolicySection heading="How long we keep it">
        <Text>
          Order records are kept as long as Indian tax law requires. Your account details stay until you ask us to
          close your account.
        </Text>
      </PolicySection>

      <PolicySection heading="Your choices">
        <Text>
          You can see and correct your profile and addresses under My Account at any time. To get a copy of your data,
          or to have your account deleted, <SupportContact />.
        </Text>
      </PolicySection>
    </PolicyLayout>
  );
}
