// /dashboard (SPEC.md §2 "Admin screens"): the admin's hub, every admin screen as a card in its group (PRODUCTS,
// ORDERS, DELIVERY of issue 40 and MAIL of issue 39), named as the spec names them, each with a line on what it is
// for; Messages also says how many are unread, Low stock how many flowers are low. Above them, the shop's figures for a period (issue 41), in a chunk of
// their own (the charting library) so that the cards never wait for it.
import { useEffect, useId, useState } from 'react';
import type { ComponentType } from 'react';
import { Badge, Box, Container, Heading, HStack, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { getUnreadMessageCount } from '../../api/admin';
import { getLowStock } from '../../api/reports';
import { loadLazyPart } from '../../app/lazy-route';
import { paths } from '../../app/paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { useRemote } from '../../app/use-remote';
import { ArrowRightIcon } from '../../components/icons';
import { LoadFailed, Loading } from '../../components/load-states';

/**
 * The figures' code (the charting library) as it arrives: null while on its way, 'failed' when it did not come.
 * Loaded from an effect rather than through Suspense, so that the cards above are never held back by it.
 */
function useSalesFiguresCode(attempt: number): ComponentType | null | 'failed' {
  const [code, setCode] = useState<ComponentType | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    setCode(null);
    loadLazyPart(() => import('./sales-figures')).then(
      (module) => current && setCode(() => module.SalesFigures),
      () => current && setCode('failed'),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  return code;
}

function LazySalesFigures() {
  const [attempt, setAttempt] = useState(0);
  const SalesFigures = useSalesFiguresCode(attempt);
  if (SalesFigures === 'failed') return <LoadFailed message="The figures did not load." onRetry={() => setAttempt((count) => count + 1)} inCard />;
  if (SalesFigures === null) return <Loading label="Loading the figures…" inCard />;
  return <SalesFigures />;
}

type Kind = 'Form' | 'List' | 'Image';

interface Destination {
  name: string;
  to: string;
  kind: Kind;
  description: string;
}

const groups: readonly { title: string; destinations: readonly Destination[] }[] = [
  {
    title: 'PRODUCTS',
    destinations: [
      { name: 'Hero Image Form', to: paths.heroImageForm, kind: 'Image', description: 'Change the banner at the top of the home page, for desktop and mobile.' },
      { name: 'Bottom Banner Image Form', to: paths.bannerBottomImage, kind: 'Image', description: 'Change the banner near the foot of the home page, for desktop and mobile.' },
      { name: 'Flower Data Form', to: paths.flowerForm, kind: 'Form', description: 'Add a flower with its prices, stock, category and pictures.' },
      { name: 'List of Flowers', to: paths.flowerList, kind: 'List', description: 'Every flower, removed ones too; open one to edit or remove it.' },
      { name: 'Low stock', to: paths.adminLowStock, kind: 'List', description: 'Flowers on sale below the stock threshold in Settings, fewest first; open one to restock it.' },
      { name: 'Flower Category Form', to: paths.flowerCategory, kind: 'Form', description: 'Add a category to the shop’s menu.' },
      { name: 'Flower Category List', to: paths.flowerCategoryList, kind: 'List', description: 'Every category and its GST; open one to edit it.' },
      { name: 'SubCategory Form', to: paths.flowerSubCategory, kind: 'Form', description: 'Add a sub category within a category.' },
      { name: 'Flower Sub Category List', to: paths.flowerSubCategoryList, kind: 'List', description: 'Every sub category and its category; open one to edit it.' },
    ],
  },
  {
    title: 'ORDERS',
    destinations: [
      { name: 'Purchase Order List', to: paths.purchaseOrderList, kind: 'List', description: 'Paid orders, newest first; set the tracking link and the status.' },
      { name: 'User Never Purchased List', to: paths.userNeverPurchasedList, kind: 'List', description: 'Customers who have not bought anything yet.' },
      { name: 'Mail', to: paths.adminMail, kind: 'List', description: 'Mails the mail server refused, with its reason; send one again.' },
      { name: 'Delivery slots', to: paths.adminDeliverySlots, kind: 'Form', description: 'Slots’ fees, cut-offs and capacity per day; courier fee; holidays.' },
    ],
  },
  {
    title: 'REPORTS',
    destinations: [
      { name: 'GST report', to: paths.adminGstReport, kind: 'List', description: 'A month’s taxable sales and tax by rate and state, exempt sales apart; download it for the return.' },
      { name: 'Orders export', to: paths.purchaseOrderList, kind: 'List', description: 'Paid orders of a period as CSV with their GST columns, from the Purchase Order List.' },
    ],
  },
  {
    title: 'DELIVERY',
    destinations: [
      { name: 'Deliveries', to: paths.adminDeliveries, kind: 'List', description: 'The day’s deliveries by slot and courier parcels; mark them out, delivered or attempted; print cards and the manifest.' },
      { name: 'Delivery Areas', to: paths.deliveryAreaList, kind: 'List', description: 'Pincodes the shop delivers to by hand, with any extra fee; add, edit or delete one.' },
    ],
  },
  {
    title: 'SHOP',
    destinations: [
      { name: 'Settings', to: paths.adminSettings, kind: 'Form', description: 'The shop’s legal name, address and GSTIN on its invoices; invoice and credit note prefixes.' },
    ],
  },
  {
    title: 'MAIL',
    destinations: [
      { name: 'Messages', to: paths.adminMessages, kind: 'List', description: 'What shoppers wrote through Contact Us; mark them read and reply by e-mail.' },
      { name: 'Reviews', to: paths.adminReviews, kind: 'List', description: 'What buyers wrote about the flowers; hide a review with a reason, or show it again.' },
      { name: 'Coupons', to: paths.adminCoupons, kind: 'List', description: 'Codes buyers type at checkout: percent or flat, dates, limits and categories; add or edit one.' },
    ],
  },
];

/** How many messages wait to be read, as the Messages card says it; nothing while the count loads, when it did not, or at 0. */
function useUnreadNote(): string | undefined {
  const count = useRemote('dashboard:unread-messages', () => getUnreadMessageCount());
  return count.status === 'ready' && count.data > 0 ? `${count.data} unread` : undefined;
}

/** How many flowers are low in stock, as the Low stock card says it; nothing while it loads, when it did not, or at 0. */
function useLowStockNote(): string | undefined {
  const report = useRemote('dashboard:low-stock', () => getLowStock());
  return report.status === 'ready' && report.data.products.length > 0 ? `${report.data.products.length} low` : undefined;
}

function DestinationCard({ destination, badge }: { destination: Destination; badge?: string | undefined }) {
  const descriptionId = useId();
  const badgeId = useId();
  return (
    <LinkBox
      as="li"
      className="group"
      layerStyle="card"
      p="5"
      display="flex"
      flexDirection="column"
      gap="2"
      transition="border-color 0.15s, transform 0.15s"
      _hover={{ borderColor: 'brand.leaf', transform: 'translateY(-2px)' }}
      _focusWithin={{ borderColor: 'brand.leaf' }}
    >
      <HStack justify="space-between" gap="3">
        <Text fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="brand.goldText">
          {destination.kind}
        </Text>
        {badge ? (
          <Badge id={badgeId} colorPalette="rose" variant="solid" rounded="full" px="2.5">
            {badge}
          </Badge>
        ) : null}
      </HStack>
      <HStack justify="space-between" align="flex-start" gap="3">
        <LinkOverlay asChild>
          <RouterLink to={destination.to} aria-describedby={badge ? `${badgeId} ${descriptionId}` : descriptionId}>
            <Text as="span" fontFamily="heading" fontSize="2xl" fontWeight="600" lineHeight="1.2" color="brand.leaf">
              {destination.name}
            </Text>
          </RouterLink>
        </LinkOverlay>
        <Box color="brand.leaf" mt="1" flexShrink="0" transition="transform 0.15s" _groupHover={{ transform: 'translateX(3px)' }}>
          <ArrowRightIcon size={20} />
        </Box>
      </HStack>
      <Text id={descriptionId} fontSize="sm" color="brand.muted">
        {destination.description}
      </Text>
    </LinkBox>
  );
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const badges: Partial<Record<string, string>> = { [paths.adminMessages]: useUnreadNote(), [paths.adminLowStock]: useLowStockNote() };
  return (
    <Container maxW="7xl" px={{ base: '4', md: '8' }} pt={{ base: '6', md: '10' }} pb={{ base: '16', md: '24' }}>
      <Stack gap="2" mb={{ base: '6', md: '10' }}>
        <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.15">
          Dashboard
        </Heading>
        <Box aria-hidden="true" h="2px" w="14" bg="brand.gold" borderRadius="full" />
        <Text color="brand.muted" mt="2">
          Run the shop’s catalogue, home page banners, orders and messages from here.
        </Text>
      </Stack>
      <Stack gap={{ base: '10', md: '12' }}>
        <LazySalesFigures />
        {groups.map((group) => (
          <Box as="section" key={group.title} aria-labelledby={`dashboard-${group.title}`}>
            <Heading as="h2" id={`dashboard-${group.title}`} fontFamily="body" fontSize="sm" fontWeight="bold" letterSpacing="widest" color="brand.ink" mb="4">
              {group.title}
            </Heading>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={{ base: '4', md: '5' }}>
              {group.destinations.map((destination) => (
                <DestinationCard key={destination.to} destination={destination} badge={badges[destination.to]} />
              ))}
            </SimpleGrid>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}
