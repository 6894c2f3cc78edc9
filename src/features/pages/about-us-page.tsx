// /aboutus: the shop's story, its Chennai studio and its collections.
import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useShopInfo } from '../../app/use-shop-info';
import { PolicyLayout, PolicySection } from './policy-layout';
import { SupportContact, useShopName } from './support-contact';

const collections = [
  { name: 'Exotic', text: 'Bold, unusual blooms and textures for a statement piece.' },
  { name: 'Posy', text: 'Small hand-tied bunches, made for gifting and for bedside tables.' },
  { name: 'Round', text: 'Full, domed arrangements that look lovely from every side.' },
  { name: 'Side', text: 'Long, low arrangements for a console, a shelf or a dining table.' },
];

export function AboutUsPage() {
  const shopName = useShopName();
  const address = useShopInfo()?.address;
  return (
    <PolicyLayout
      eyebrow="Our story"
      title="About Us"
      lead={`${shopName} is a small flower studio in Chennai. We make handcrafted everlasting dried-flower arrangements and send fresh flowers to homes across India.`}
    >
      <PolicySection heading="Flowers that stay">
        <Text>
          It began with a vase of dried statice that still looked beautiful a year after the wedding it was made for.
          Our everlasting arrangements are made from flowers and grasses that have been dried or preserved at their
          best: bunny tails, pampas, lavender, strawflowers, cotton and more. They need no water, keep their shape for
          many months, and bring a quiet warmth to a room long after fresh flowers would have faded.
        </Text>
      </PolicySection>

      <PolicySection heading="And fresh, when the moment calls for it">
        <Text>
          For birthdays, thank-yous and the days that need colour now, our fresh flowers are chosen at the early
          morning market, conditioned in the studio and arranged to order, so they reach you at their freshest.
        </Text>
      </PolicySection>

      <PolicySection heading="Made by hand in Chennai">
        <Text>
          Every piece is arranged, wrapped and checked by hand in our Chennai studio before it is packed. No two are
          exactly alike, and we like it that way.
        </Text>
      </PolicySection>

      <Stack as="section" gap="4" aria-labelledby="collections-heading">
        <Heading
          as="h2"
          id="collections-heading"
          color="brand.leaf"
          fontSize={{ base: '2xl', md: '3xl' }}
          fontWeight="semibold"
          lineHeight="1.2"
        >
          Our collections
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {collections.map((collection) => (
            <Box
              key={collection.name}
              bg="white"
              borderWidth="1px"
              borderColor="brand.line"
              borderRadius="xl"
              p="5"
              borderTopWidth="3px"
              borderTopColor="brand.rose"
            >
              <Text fontFamily="heading" fontSize="2xl" fontWeight="semibold" color="brand.leaf">
                {collection.name}
              </Text>
              <Text color="brand.ink" mt="1">
                {collection.text}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Stack>

      <PolicySection heading="Say hello">
        <Text>
          {address ? <>Our studio is at {address}. </> : null}
          We love hearing about the homes and occasions our flowers are made for. To ask about a custom piece or an
          order, <SupportContact />.
        </Text>
      </PolicySection>
    </PolicyLayout>
  );
}
