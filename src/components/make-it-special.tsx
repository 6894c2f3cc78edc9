// "Make it special" (issue 42): a row of add-ons (a cake, chocolates, a vase, a card, a soft toy) with one-tap adding,
// below the product page's add-to-bag area and below the bag's lines. Its own chunk, loaded when the section scrolls
// near (make-it-special-slot.tsx). Nothing is drawn while the list loads, when it fails, or when there is nothing to
// offer: the page is whole without it.
import { Box, Heading, HStack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { addonsTitle } from '../../domain/addons';
import type { Addon } from '../../domain/addons';
import { getAddons } from '../api/addons';
import { appActorOptions } from '../app/inspection';
import { AddonCard } from './addon-card';

export interface MakeItSpecialProps {
  /** The product whose page this is: an add-on's own page does not offer it again. */
  excludeExtId?: string;
  /** An add-on joined the bag: the badge and, in the bag, its lines load again. */
  onAdded: () => void;
}

const listActor = fromPromise<Addon[]>(({ signal }) => getAddons(signal));

export function MakeItSpecial({ excludeExtId, onAdded }: MakeItSpecialProps) {
  const actor = useActorRef(listActor, appActorOptions);
  const addons = useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  const offered = (addons ?? []).filter((addon) => addon.externalId !== excludeExtId);
  if (offered.length === 0) return null;
  return <AddonRow addons={offered} onAdded={onAdded} />;
}

/** The heading and the cards, scrolling sideways on a phone. */
export function AddonRow({ addons, onAdded }: { addons: readonly Addon[]; onAdded: () => void }) {
  return (
    <Box as="section" aria-labelledby="make-it-special-heading" data-testid="make-it-special">
      <Heading as="h2" id="make-it-special-heading" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="600" color="brand.ink">
        {addonsTitle}
      </Heading>
      <Text color="brand.muted" fontSize="sm" mt="1" mb="4">
        Add a cake, chocolates or a little gift: it travels with the flowers.
      </Text>
      <HStack as="ul" listStyleType="none" m="0" p="0" gap="4" align="stretch" overflowX="auto" pb="2" aria-label={addonsTitle}>
        {addons.map((addon) => (
          <AddonCard key={addon.externalId} addon={addon} onAdded={onAdded} />
        ))}
      </HStack>
    </Box>
  );
}
