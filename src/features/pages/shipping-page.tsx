// /shipping: how and when orders travel (SPEC.md §1 policies).
import { Text } from '@chakra-ui/react';
import { paths } from '../../app/paths';
import { InlineLink } from './inline-link';
import { PolicyLayout, PolicyList, PolicySection } from './policy-layout';
import { SupportContact } from './support-contact';

export function ShippingPage() {
  return (
    <PolicyLayout
      eyebrow="Policies"
      title="Shipping Policy"
      lead="Every order is arranged and packed by hand in our Chennai studio, then handed to a trusted courier. Here is what to expect after you place an order."
    >
      <PolicySection heading="Delivery time">
        <Text>
          We ship across India. Orders are delivered within <strong>2 to 5 business days</strong> of being placed.
          Business days are Monday to Saturday, excluding public holidays.
        </Text>
        <Text>
          Remote pincodes and the busiest festival weeks can take a little longer. If we expect a delay on your order,
          we will write to you before it ships.
        </Text>
      </PolicySection>

      <PolicySection heading="Where we deliver">
        <Text>
          We deliver to addresses in India only. Please give a complete address with its pincode and a mobile number
          the courier can reach; a missing detail is the most common reason a parcel is held up.
        </Text>
      </PolicySection>

      <PolicySection heading="Shipping charges">
        <Text>
          Shipping charges are computed at checkout from your delivery address and shown to you before you pay.
          Product prices are in Indian rupees (INR) and already include taxes.
        </Text>
      </PolicySection>

      <PolicySection heading="Tracking your order">
        <Text>
          As soon as your parcel leaves the studio, we send a tracking link by e-mail to the address on the order. If
          you have an account, the same link appears with the order under My Account, Orders.
        </Text>
      </PolicySection>

      <PolicySection heading="How your flowers travel">
        <PolicyList
          items={[
            <>
              <strong>Fresh flowers</strong> travel with their stems hydrated and in breathable wrapping. Unpack them as
              soon as they arrive, trim each stem at an angle and place them in cool, fresh water, away from direct sun
              and ripening fruit.
            </>,
            <>
              <strong>Everlasting dried-flower arrangements</strong> are delicate rather than perishable. We pack them
              with tissue in a rigid box so nothing is crushed on the way. Lift the arrangement out by its base, not its
              stems; a few loose petals in the box are natural.
            </>,
          ]}
        />
      </PolicySection>

      <PolicySection heading="Questions about a delivery">
        <Text>
          If your tracking has not moved for a couple of days, <SupportContact /> with your order number and we will
          chase the courier for you. For damaged or wrong items, see our{' '}
          <InlineLink to={paths.refund}>Refund Policy</InlineLink>.
        </Text>
      </PolicySection>
    </PolicyLayout>
  );
}
