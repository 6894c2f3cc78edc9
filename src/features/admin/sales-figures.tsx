// The Dashboard's figures (issue 41): a period (the last 30 days by default, From/To otherwise), its orders, revenue
// and average order, orders and revenue per day, the best sellers, the share of fresh (hand-delivered) and
// everlasting (courier) goods, and the deliveries still to make. The sales-dashboard machine loads the period; the
// charts are recharts', which only this admin chunk downloads.
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Box, Button, Field, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Line, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { fromPromise } from 'xstate';
import { formatPaise } from '../../../domain/money';
import type { DashboardFigures } from '../../../domain/reports';
import { salesDashboardMachine } from '../../../machines/sales-dashboard.machine';
import type { DashboardPeriod } from '../../../machines/sales-dashboard.machine';
import { getDashboardFigures } from '../../api/reports';
import { appActorOptions } from '../../app/inspection';
import { LoadFailed, Loading } from '../../components/load-states';

const colors = { leaf: '#1F4D3A', rose: '#D98C8C', gold: '#C9A227', line: '#E8DFD3', muted: '#6E6A66' };
const rupees = (paise: number) => Math.round(paise / 100);
/** "3 Dec" from 2026-12-03: the axes' day labels. */
const shortDay = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const paiseTooltip = (value: unknown) => formatPaise(Number(value) * 100);

export function useSalesDashboard() {
  return useActor(
    salesDashboardMachine.provide({
      actors: { loadFigures: fromPromise<DashboardFigures, DashboardPeriod | null>(({ input }) => getDashboardFigures(input)) },
    }),
    appActorOptions,
  );
}

export function SalesFigures() {
  const [snapshot, send] = useSalesDashboard();
  const { figures, refusal, period } = snapshot.context;
  const loading = snapshot.matches('loading');
  return (
    <Stack as="section" aria-labelledby="dashboard-figures" gap="5">
      <Flex justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4" direction={{ base: 'column', md: 'row' }}>
        <Heading as="h2" id="dashboard-figures" fontFamily="body" fontSize="sm" fontWeight="bold" letterSpacing="widest" color="brand.ink">
          FIGURES
        </Heading>
        {/* The inputs start from the period shown: a new key when the server's default arrives. */}
        <PeriodForm key={period ? `${period.from}:${period.to}` : 'default'} period={period} busy={loading} onSubmit={(next) => send({ type: 'period.change', period: next })} />
      </Flex>
      {refusal ? (
        <Text role="alert" color="red.700" fontSize="sm">
          {refusal}
        </Text>
      ) : null}
      {figures ? (
        <Box aria-busy={loading} opacity={loading ? 0.6 : 1} transition="opacity 0.15s">
          <Figures figures={figures} />
        </Box>
      ) : loading ? (
        <Loading label="Loading the figures…" inCard />
      ) : (
        <LoadFailed message="The figures did not load." onRetry={() => send({ type: 'figures.retry' })} inCard />
      )}
    </Stack>
  );
}

function PeriodForm({ period, busy, onSubmit }: { period: DashboardPeriod | null; busy: boolean; onSubmit: (period: DashboardPeriod) => void }) {
  const [from, setFrom] = useState(period?.from ?? '');
  const [to, setTo] = useState(period?.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ from, to });
  };
  return (
    <Flex as="form" onSubmit={submit} gap="3" align="flex-end" wrap="wrap" aria-label="Period">
      <Field.Root w={{ base: 'calc(50% - 6px)', md: '40' }}>
        <Field.Label>From</Field.Label>
        <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      </Field.Root>
      <Field.Root w={{ base: 'calc(50% - 6px)', md: '40' }}>
        <Field.Label>To</Field.Label>
        <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </Field.Root>
      <Button type="submit" colorPalette="leaf" rounded="full" loading={busy} loadingText="Loading…" w={{ base: 'full', md: 'auto' }}>
        Show
      </Button>
    </Flex>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack layerStyle="card" p="4" gap="1">
      <Text fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="brand.goldText">
        {label}
      </Text>
      <Text fontFamily="heading" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.1">
        {value}
      </Text>
      {note ? (
        <Text fontSize="xs" color="brand.muted">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

function ChartCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Stack as="figure" layerStyle="card" p={{ base: '3', md: '5' }} gap="3" minW="0">
      <Stack gap="0.5" as="figcaption">
        <Text fontWeight="semibold" color="brand.ink">
          {title}
        </Text>
        <Text fontSize="xs" color="brand.muted">
          {description}
        </Text>
      </Stack>
      <Box h={{ base: '56', md: '64' }} minW="0">
        {children}
      </Box>
    </Stack>
  );
}

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

function Figures({ figures }: { figures: DashboardFigures }) {
  const { totals } = figures;
  const fresh = figures.deliveryKinds.find((kind) => kind.kind === 'hand')?.revenuePaise ?? 0;
  const everlasting = figures.deliveryKinds.find((kind) => kind.kind === 'courier')?.revenuePaise ?? 0;
  const days = figures.days.map((day) => ({ day: shortDay(day.date), orders: day.orders, revenue: rupees(day.revenuePaise) }));
  const upcoming = figures.upcoming.map((day) => ({ day: shortDay(day.date), hand: day.hand, courier: day.courier }));
  const top = figures.topProducts.map((product) => ({ name: product.name, revenue: rupees(product.revenuePaise), quantity: product.quantity }));
  const shares = [
    { name: 'Fresh (by hand)', value: rupees(fresh), color: colors.leaf },
    { name: 'Everlasting (courier)', value: rupees(everlasting), color: colors.rose },
  ];
  return (
    <Stack gap="5">
      <Text fontSize="sm" color="brand.muted">
        Paid orders from {figures.from} to {figures.to} (India days).
      </Text>
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }}>
        <Stat label="Orders" value={String(totals.orders)} />
        <Stat label="Revenue" value={formatPaise(totals.revenuePaise)} note="Delivery fees included" />
        <Stat label="Average order" value={formatPaise(totals.averageOrderPaise)} />
        <Stat label="Fresh share" value={`${percentOf(fresh, fresh + everlasting)}%`} note={`Everlasting ${percentOf(everlasting, fresh + everlasting)}%`} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '5' }}>
        <ChartCard title="Orders and revenue per day" description="Bars: revenue in rupees. Line: orders.">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={days} margin={{ top: 5, right: 5, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={colors.line} vertical={false} />
              <XAxis dataKey="day" tick={{ fontSize: 11, fill: colors.muted }} minTickGap={16} />
              <YAxis yAxisId="revenue" tick={{ fontSize: 11, fill: colors.muted }} width={56} />
              <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 11, fill: colors.muted }} width={28} />
              <Tooltip formatter={(value, name) => (name === 'Revenue' ? paiseTooltip(value) : String(value))} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill={colors.rose} radius={[3, 3, 0, 0]} />
              <Line yAxisId="orders" dataKey="orders" name="Orders" stroke={colors.leaf} strokeWidth={2} dot={false} type="monotone" />
            </ComposedChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard title="Top products" description="By revenue in the period, in rupees.">
          {top.length === 0 ? (
            <Text fontSize="sm" color="brand.muted">
              No sales in this period.
            </Text>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={top} layout="vertical" margin={{ top: 0, right: 10, bottom: 0, left: 0 }}>
                <CartesianGrid stroke={colors.line} horizontal={false} />
                <XAxis type="number" tick={{ fontSize: 11, fill: colors.muted }} />
                <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 11, fill: colors.muted }} />
                <Tooltip formatter={(value) => paiseTooltip(value)} />
                <Bar dataKey="revenue" name="Revenue" fill={colors.leaf} radius={[0, 3, 3, 0]} />
              </BarChart>
            </ResponsiveContainer>
          )}
        </ChartCard>
        <ChartCard title="Fresh and everlasting" description="Goods' revenue by how they are delivered (delivery fees apart).">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie data={shares} dataKey="value" nameKey="name" innerRadius="50%" outerRadius="80%" paddingAngle={2}>
                {shares.map((share) => (
                  <Cell key={share.name} fill={share.color} />
                ))}
              </Pie>
              <Tooltip formatter={(value) => paiseTooltip(value)} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
            </PieChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard title="Upcoming deliveries" description="Deliveries still to make, from today for 14 days.">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={upcoming} margin={{ top: 5, right: 5, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={colors.line} vertical={false} />
              <XAxis dataKey="day" tick={{ fontSize: 11, fill: colors.muted }} minTickGap={12} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: colors.muted }} width={28} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="hand" name="By hand" stackId="deliveries" fill={colors.leaf} />
              <Bar dataKey="courier" name="Courier" stackId="deliveries" fill={colors.gold} radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </SimpleGrid>
      <TopProductsTable figures={figures} />
    </Stack>
  );
}

/** The best sellers as text too: what a screen reader or a quick look reads without the chart. */
function TopProductsTable({ figures }: { figures: DashboardFigures }) {
  if (figures.topProducts.length === 0) return null;
  return (
    <Box as="table" w="full" fontSize="sm" aria-label="Top products">
      <thead>
        <tr>
          {['Product', 'Quantity', 'Revenue'].map((header) => (
            <Box as="th" key={header} textAlign={header === 'Product' ? 'left' : 'right'} py="2" borderBottomWidth="1px" borderColor="brand.line" color="brand.muted" fontWeight="semibold">
              {header}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {figures.topProducts.map((product) => (
          <tr key={product.productId}>
            <Box as="td" py="2" borderBottomWidth="1px" borderColor="brand.line">
              {product.name}
            </Box>
            <Box as="td" py="2" textAlign="right" borderBottomWidth="1px" borderColor="brand.line">
              {product.quantity}
            </Box>
            <Box as="td" py="2" textAlign="right" borderBottomWidth="1px" borderColor="brand.line" whiteSpace="nowrap">
              {formatPaise(product.revenuePaise)}
            </Box>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
