// The product page's reviews (issue 42), loaded lazily below the product: the average in stars, the count, five bars
// of the distribution, the newest reviews with "Show more", and for a signed-in buyer "Rate this" / "Edit your review".
// Renders the reviews-list machine.
import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { averageLabel, reviewDate, reviewTexts } from '../../../domain/reviews';
import type { RatingSummary } from '../../../domain/reviews';
import { reviewsListMachine } from '../../../machines/reviews-list.machine';
import { getProductReviews } from '../../api/reviews';
import { useSession } from '../../app/session-store';
import { ReviewFormDialog } from '../../components/review-form-dialog';
import { StarRating } from '../../components/star-rating';

interface ProductReviewsProps {
  externalId: string;
  productName: string;
  /** The figures as the reviews last loaded them: the stars under the title follow a review saved on this page. */
  onSummary?: (summary: RatingSummary) => void;
}

export function ProductReviews({ externalId, productName, onSummary }: ProductReviewsProps) {
  const { isLoggedIn } = useSession();
  const [snapshot, send] = useActor(
    reviewsListMachine.provide({
      actors: { loadReviews: fromPromise(({ input }) => getProductReviews(input.externalId, input.page)) },
      actions: { logError: (_, { error }) => console.error(error) },
    }),
    { input: { externalId } },
  );
  const { summary, reviews, moreFailed } = snapshot.context;
  useEffect(() => {
    if (summary) onSummary?.(summary);
  }, [summary, onSummary]);

  return (
    <Box as="section" aria-labelledby="reviews-heading" maxW="6xl" mx="auto" px={{ base: '4', md: '8' }} pb={{ base: '16', md: '24' }} id="reviews">
      <Box borderTopWidth="1px" borderColor="brand.line" pt={{ base: '8', md: '12' }}>
        <HStack justify="space-between" align="baseline" wrap="wrap" gap="3" mb="6">
          <Heading as="h2" id="reviews-heading" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.ink">
            Reviews
          </Heading>
          {isLoggedIn ? <ReviewFormDialog externalId={externalId} productName={productName} showReason onSaved={() => send({ type: 'list.reload' })} /> : null}
        </HStack>

        {snapshot.matches('loading') ? (
          <Text role="status" color="brand.muted" fontSize="sm">
            Loading reviews…
          </Text>
        ) : null}
        {snapshot.matches('failed') ? (
          <HStack gap="3">
            <Text color="brand.muted" fontSize="sm">
              {reviewTexts.loadFailed}
            </Text>
            <Button size="sm" variant="outline" rounded="full" onClick={() => send({ type: 'list.retry' })}>
              Try again
            </Button>
          </HStack>
        ) : null}

        {summary ? (
          <Grid templateColumns={{ base: '1fr', md: '18rem 1fr' }} gap={{ base: '8', md: '14' }} alignItems="start">
            <Summary summary={summary} />
            <Stack gap="6">
              {summary.count === 0 ? (
                <Text color="brand.muted">No reviews yet. Buyers can rate this once their order is delivered.</Text>
              ) : null}
              <Stack gap="6" as="ul" listStyleType="none" aria-label="Newest reviews">
                {reviews.map((review) => (
                  <Box as="li" key={review.id} pb="6" borderBottomWidth="1px" borderColor="brand.line" data-testid="review">
                    <HStack gap="3" wrap="wrap">
                      <StarRating average={review.stars} />
                      <Text fontWeight="600" fontSize="sm">
                        {review.author}
                      </Text>
                      <Text color="brand.muted" fontSize="xs">
                        {reviewDate(review.createdAt)}
                        {review.editedAt ? ' · edited' : ''}
                      </Text>
                    </HStack>
                    {review.text ? (
                      <Text mt="2" whiteSpace="pre-line" color="brand.ink">
                        {review.text}
                      </Text>
                    ) : null}
                  </Box>
                ))}
              </Stack>
              {summary.count > reviews.length ? (
                <Box>
                  {moreFailed ? (
                    <Text fontSize="sm" color="brand.roseDeep" mb="2" role="alert">
                      More reviews could not be loaded.
                    </Text>
                  ) : null}
                  <Button variant="outline" colorPalette="leaf" rounded="full" loading={snapshot.matches('loadingMore')} loadingText="Show more" onClick={() => send({ type: 'more.load' })}>
                    Show more
                  </Button>
                </Box>
              ) : null}
            </Stack>
          </Grid>
        ) : null}
      </Box>
    </Box>
  );
}

function Summary({ summary }: { summary: RatingSummary }) {
  const widest = Math.max(1, ...summary.stars);
  return (
    <Stack gap="3" data-testid="review-summary">
      <HStack gap="3" align="center">
        <Text fontFamily="heading" fontSize="5xl" fontWeight="600" color="brand.leaf" lineHeight="1">
          {summary.average.toFixed(1)}
        </Text>
        <Stack gap="1">
          <StarRating average={summary.average} size="md" />
          <Text fontSize="sm" color="brand.muted">
            {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
          </Text>
        </Stack>
      </HStack>
      <Text srOnly>{averageLabel(summary.average)}</Text>
      <Stack gap="1.5" as="ul" listStyleType="none" aria-label="Reviews by stars">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.stars[stars - 1]!;
          return (
            <HStack as="li" key={stars} gap="2" fontSize="sm" aria-label={`${stars} stars: ${count}`}>
              <Text w="4" textAlign="right" aria-hidden="true">
                {stars}
              </Text>
              <Text as="span" color="brand.gold" aria-hidden="true">
                ★
              </Text>
              <Box flex="1" h="2" rounded="full" bg="brand.cream" overflow="hidden" aria-hidden="true">
                <Box h="full" bg="brand.gold" width={`${(count / widest) * 100}%`} />
              </Box>
              <Text w="6" color="brand.muted" aria-hidden="true">
                {count}
              </Text>
            </HStack>
          );
        })}
      </Stack>
    </Stack>
  );
}
