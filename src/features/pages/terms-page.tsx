// /terms: terms of sale; governing law Tamil Nadu, India, courts of Chennai (SPEC.md §1 policies).
import { Text } from '@chakra-ui/react';
import { paths } from '../../app/paths';
import { InlineLink } from './inline-link';
import { PolicyLayout, PolicyList, PolicySection } from './policy-layout';
import { SupportContact, useShopName } from './support-contact';

export function TermsPage() {
  const shopName = useShopName();
  return (
    <PolicyLayout
      eyebrow="Policies"
      title="Terms & Conditions"
      lead={`These terms apply when you browse or buy from ${shopName}. By placing an order you agree to them, so please read them once; they are short.`}
    >
      <PolicySection heading="Our products">
        <Text>
          Our flowers are natural. Colours, sizes and the exact blooms in an arrangement may differ slightly from the
          photographs, and dried flowers vary from batch to batch. When a flower is out of season we replace it with
          one of the same style and value.
        </Text>
      </PolicySection>

      <PolicySection heading="Prices and payment">
        <PolicyList
          items={[
            'All prices are in Indian rupees (INR) and include applicable taxes (GST).',
            'Shipping charges, if any, are computed at checkout and shown before you pay.',
            'We accept card payments through a secure payment provider. Your card details are entered with the provider and never reach us.',
            'An order is confirmed only once the payment has succeeded. If a payment fails, no order is placed and nothing is charged.',
          ]}
        />
      </PolicySection>

      <PolicySection heading="Delivery">
        <Text>
          We deliver within India only, usually within 2 to 5 business days. The{' '}
          <InlineLink to={paths.shipping}>Shipping Policy</InlineLink> explains delivery and tracking; the{' '}
          <InlineLink to={paths.refund}>Refund Policy</InlineLink> explains what to do if an item arrives damaged.
        </Text>
      </PolicySection>

      <PolicySection heading="Your account">
        <Text>
          You may shop as a guest, verifying your e-mail with a one-time code, or create an account. Please keep your
          password to yourself; you are responsible for orders placed with your account.
        </Text>
      </PolicySection>

      <PolicySection heading="Using this website">
        <Text>
          The photographs, texts and designs on this website are ours. Please do not copy them for commercial use, and
          do not try to disrupt the website or reach data that is not yours.
        </Text>
      </PolicySection>

      <PolicySection heading="Our responsibility">
        <Text>
          To the extent the law allows, our liability for an order is limited to the amount you paid for it. Nothing in
          these terms limits your rights as a consumer under Indian law.
        </Text>
      </PolicySection>

      <PolicySection heading="Governing law">
        <Text>
          These terms are governed by the laws of India and of the State of Tamil Nadu. Any dispute will be subject to
          the exclusive jurisdiction of the courts of Chennai, Tamil Nadu, India.
        </Text>
      </PolicySection>

      <PolicySection heading="Changes and contact">
        <Text>
          We may update these terms from time to time; the version on this page when you place an order applies to
          that order. For any question, <SupportContact />.
        </Text>
      </PolicySection>
    </PolicyLayout>
  );
}
