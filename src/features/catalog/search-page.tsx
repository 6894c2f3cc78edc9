// /search?q=…[&category=&minPrice=&maxPrice=&kind=&sort=&page=] (issue 42): the results of the header's search, with
// filters, sorting and pages; the address holds the criteria (machines/search-results.machine.ts), so a result page can
// be shared, reloaded and gone back to.
import { Box, Button, chakra, Flex, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { deliveryKindLabels, deliveryKinds } from '../../../domain/delivery-kind';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { searchCriteriaOf, searchParamsOf, searchSortLabels, searchSorts } from '../../../domain/search';
import type { SearchCriteria, SearchSort } from '../../../domain/search';
import { searchResultsMachine } from '../../../machines/search-results.machine';
import { searchFlowers } from '../../api/search';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { LoadFailed } from '../../components/load-states';
import { ProductGrid, ProductGridSkeleton } from '../../components/product-grid';
import { useCategoryHeader } from './use-category-header';

export function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const criteria = searchCriteriaOf(params);
  const [snapshot, send] = useActor(
    searchResultsMachine.provide({
      actors: { searchFlowers: fromPromise(({ input, signal }: { input: SearchCriteria; signal: AbortSignal }) => searchFlowers(input, signal)) },
      actions: {
        showCriteria: (_, { criteria: shown }) => void navigate(paths.search(searchParamsOf(shown))),
        logError: (_, { error }) => console.error('search failed', error),
      },
    }),
    { input: { criteria }, ...appActorOptions },
  );
  const address = params.toString();
  useEffect(() => {
    send({ type: 'criteria.change', criteria: searchCriteriaOf(new URLSearchParams(address)) });
  }, [address, send]);
  useDocumentTitle(`Search: ${criteria.q}`);

  const { reply, priceDraft } = snapshot.context;
  const shown = snapshot.context.criteria;
  const categories = useCategoryHeader();
  const ids = { category: useId(), kind: useId(), sort: useId(), min: useId(), max: useId() };
  const pages = reply ? Math.ceil(reply.total / reply.pageSize) : 0;
  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'price.apply' });
  };

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} pt={{ base: '8', md: '12' }} pb={{ base: '16', md: '24' }}>
      <Stack gap="2" mb={{ base: '5', md: '8' }}>
        <Text fontSize="xs" letterSpacing="0.24em" textTransform="uppercase" color="brand.goldText" fontWeight="600">
          Search
        </Text>
        <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.15">
          Results for “{shown.q}”
        </Heading>
        <Text color="brand.muted" aria-live="polite" minH="6">
          {snapshot.matches('shown') && reply ? (reply.total === 1 ? '1 flower found' : `${reply.total} flowers found`) : ''}
        </Text>
      </Stack>

      <Flex as="section" aria-label="Filters" wrap="wrap" gap={{ base: '3', md: '4' }} align="flex-end" mb={{ base: '6', md: '10' }}>
        <FilterSelect id={ids.category} label="Category" value={shown.category ?? ''} onChange={(value) => send({ type: 'filter.change', change: { category: value || undefined } })}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.categoryName} value={category.categoryName}>
              {category.categoryName}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id={ids.kind} label="Delivery" value={shown.kind ?? ''} onChange={(value) => send({ type: 'filter.change', change: { kind: (value || undefined) as DeliveryKind | undefined } })}>
          <option value="">Any delivery</option>
          {deliveryKinds.map((kind) => (
            <option key={kind} value={kind}>
              {deliveryKindLabels[kind]}
            </option>
          ))}
        </FilterSelect>
        <form onSubmit={applyPrice} aria-label="Price range">
          <HStack gap="2" align="flex-end">
            <PriceBox id={ids.min} label="Min ₹" value={priceDraft.min} onChange={(value) => send({ type: 'price.change', field: 'min', value })} />
            <PriceBox id={ids.max} label="Max ₹" value={priceDraft.max} onChange={(value) => send({ type: 'price.change', field: 'max', value })} />
            <Button type="submit" size="md" variant="outline" colorPalette="leaf" borderColor="brand.line">
              Apply
            </Button>
          </HStack>
        </form>
        <Box ms={{ md: 'auto' }}>
          <FilterSelect id={ids.sort} label="Sort by" value={shown.sort} onChange={(value) => send({ type: 'filter.change', change: { sort: value as SearchSort } })}>
            {searchSorts.map((sort) => (
              <option key={sort} value={sort}>
                {searchSortLabels[sort]}
              </option>
            ))}
          </FilterSelect>
        </Box>
      </Flex>

      {snapshot.matches('loading') ? <ProductGridSkeleton /> : null}
      {snapshot.matches('failed') ? (
        <LoadFailed inCard message="We could not search just now." retryLabel="Try again" onRetry={() => send({ type: 'search.retry' })} />
      ) : null}
      {snapshot.matches('shown') && reply?.products.length === 0 ? (
        <Stack align="center" textAlign="center" gap="2" py="16" data-testid="search-empty">
          <Text fontSize="lg" color="brand.ink">
            No flowers match “{shown.q}”.
          </Text>
          <Text color="brand.muted">Check the spelling, try fewer words, or clear the filters.</Text>
        </Stack>
      ) : null}
      {snapshot.matches('shown') && reply && reply.products.length > 0 ? (
        <>
          <Heading as="h2" srOnly>
            Results
          </Heading>
          <ProductGrid products={reply.products} />
          {pages > 1 ? (
            <HStack as="nav" aria-label="Result pages" justify="center" gap="3" mt="12">
              <Button variant="outline" disabled={shown.page <= 1} onClick={() => send({ type: 'page.change', page: shown.page - 1 })}>
                Previous
              </Button>
              <Text color="brand.muted">
                Page {shown.page} of {pages}
              </Text>
              <Button variant="outline" disabled={shown.page >= pages} onClick={() => send({ type: 'page.change', page: shown.page + 1 })}>
                Next
              </Button>
            </HStack>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}

function FilterSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <Stack gap="1" minW={{ base: '40%', md: '44' }} flex={{ base: '1', md: '0' }}>
      <chakra.label htmlFor={id} fontSize="sm" color="brand.muted">
        {label}
      </chakra.label>
      <NativeSelect.Root size="md">
        <NativeSelect.Field id={id} bg="white" value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

function PriceBox({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Stack gap="1" w="24">
      <chakra.label htmlFor={id} fontSize="sm" color="brand.muted">
        {label}
      </chakra.label>
      <Input id={id} inputMode="numeric" bg="white" value={value} onChange={(event) => onChange(event.target.value)} />
    </Stack>
  );
}

