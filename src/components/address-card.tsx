// A saved address as the shop shows it in the account area and at checkout: the recipient's name, every line and the
// phone on a white card. Checkout puts the whole card inside a radio's label, so it can be built of spans only.
import type { ReactNode } from 'react';
import { Box, Text } from '@chakra-ui/react';
import type { BoxProps } from '@chakra-ui/react';
import type { Address } from '../../domain/address';

interface AddressCardProps extends Omit<BoxProps, 'children'> {
  address: Address;
  /**
   * Inside a radio's label (checkout) only phrasing content is allowed: spans throughout, the name no heading. Elsewhere
   * (the account's Addresses tab, right under the page's h1) the name is the card's h2.
   */
  inLabel?: boolean;
  /** Ids for a radio's aria-labelledby (the name) and aria-describedby (the lines). */
  nameId?: string;
  detailsId?: string;
  /** The chosen address at checkout: a leaf border instead of the quiet line. */
  selected?: boolean;
  /** Before the text, e.g. the radio's mark. */
  leading?: ReactNode;
  /** Under the text, e.g. the account's Edit link. */
  children?: ReactNode;
}

export function AddressCard({
  address,
  inLabel = false,
  nameId,
  detailsId,
  selected = false,
  leading,
  children,
  ...props
}: AddressCardProps) {
  const block = inLabel ? 'span' : 'div';
  const line = { as: inLabel ? 'span' : 'p', display: 'block' } as const;
  return (
    <Box
      display="flex"
      gap="4"
      bg="white"
      borderWidth="1px"
      borderColor={selected ? 'brand.leaf' : 'brand.line'}
      borderRadius="2xl"
      // The chosen card's border doubles (a ring outside it), so the choice reads by more than a change of colour.
      boxShadow={
        selected
          ? '0 0 0 1px {colors.brand.leaf}, 0 12px 32px -16px rgba(31, 77, 58, 0.28)'
          : '0 1px 2px rgba(43, 43, 43, 0.04), 0 12px 32px -16px rgba(31, 77, 58, 0.18)'
      }
      transition="border-color 0.15s, box-shadow 0.15s"
      p={{ base: '5', md: '7' }}
      {...props}
    >
      {leading}
      <Box as={block} display="flex" flexDirection="column" flex="1" minW="0">
        <Text
          as={inLabel ? 'span' : 'h2'}
          id={nameId}
          display="block"
          fontFamily="heading"
          fontSize="xl"
          fontWeight="600"
          lineHeight="1.3"
          color="brand.leaf"
          mb="2"
        >
          {address.fullName}
        </Text>
        <Box as={block} id={detailsId} display="flex" flexDirection="column" gap="0.5" color="brand.ink" fontSize="sm" lineHeight="1.6" flex="1">
          <Text {...line}>{address.address}</Text>
          <Text {...line}>{address.locality}</Text>
          <Text {...line}>Landmark: {address.landmark}</Text>
          <Text {...line}>
            {address.city}, {address.state} {address.pincode}
          </Text>
          <Text {...line}>{address.country}</Text>
          <Text {...line} color="brand.muted" pt="1">
            Phone: {address.phoneNumber}
          </Text>
        </Box>
        {children}
      </Box>
    </Box>
  );
}
