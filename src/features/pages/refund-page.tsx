// /refund: no returns after shipping; damaged or wrong items reported within 48 hours (SPEC.md §1 policies).
import { Text } from '@chakra-ui/react';
import { paths } from '../../app/paths';
import { InlineLink } from './inline-link';
import { PolicyLayout, PolicyList, PolicySection } from './policy-layout';
import { SupportContact } from './support-contact';

export function RefundPage() {
  return (
    <PolicyLayout
      eyebrow="Policies"
      title="Refund Policy"
      lead="Each arrangement is made to order from natural, delicate materials, so we keep this policy short and fair. If something arrives wrong, we will put it right."
    >
      <PolicySection heading="Returns, exchanges and refunds">
        <Text>
          We do not accept returns or exchanges, and we cannot offer refunds once an order has been shipped.
        </Text>
        <Text>
          If you need to change the delivery address, please contact us as soon as possible, before the order ships.
        </Text>
      </PolicySection>

      <PolicySection heading="Damaged or wrong items">
        <Text>
          If your order arrives damaged, or you receive something other than what you ordered, tell us within{' '}
          <strong>48 hours</strong> of delivery. Please <SupportContact /> and include:
        </Text>
        <PolicyList
          items={[
            'your order number;',
            'clear photos of the item and of the packaging as it arrived;',
            'a line on what is wrong.',
          ]}
        />
      </PolicySection>

      <PolicySection heading="What happens next">
        <PolicyList
          items={[
            'We reply within two business days, and may ask for another photo.',
            'When the item was damaged in transit or we sent the wrong one, we send a replacement at no cost to you.',
            'If a replacement is not possible, we refund the amount paid for that item to the card you paid with. Banks usually take 5 to 7 business days to show it.',
          ]}
        />
        <Text>
          Reports made more than 48 hours after delivery, or without photos, cannot be accepted: by then we can no
          longer tell what happened on the way.
        </Text>
      </PolicySection>

      <PolicySection heading="Delivery times">
        <Text>
          Delivery takes 2 to 5 business days across India; see our{' '}
          <InlineLink to={paths.shipping}>Shipping Policy</InlineLink> for how your flowers travel.
        </Text>
      </PolicySection>
    </PolicyLayout>
  );
}
