// The admin's Reviews (issue 42): every review newest first, all or only the visible or hidden ones; hide one with a
// reason (it then counts nowhere) or show it again, each review through its own review-visibility machine. The list
// reloads after each change.
import { useState } from 'react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Badge, Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { reviewDate, reviewLimits, reviewTexts, reviewVisibilities } from '../../../domain/reviews';
import type { AdminReview, ReviewVisibility } from '../../../domain/reviews';
import { reviewVisibilityMachine } from '../../../machines/review-visibility.machine';
import { getAdminReviews, setReviewVisibility } from '../../api/reviews';
import { appActorOptions } from '../../app/inspection';
import { useRemote } from '../../app/use-remote';
import { LoadFailed } from '../../components/load-states';
import { StarRating } from '../../components/star-rating';
import { AdminPage } from './admin-page';

const filterLabels: Record<ReviewVisibility, string> = { all: 'All', visible: 'Visible', hidden: 'Hidden' };

export function ReviewsPage() {
  const [status, setStatus] = useState<ReviewVisibility>('all');
  const [version, setVersion] = useState(0);
  const list = useRemote(`admin-reviews:${status}:${version}`, () => getAdminReviews(status));
  const reload = () => setVersion((v) => v + 1);

  return (
    <AdminPage title="Reviews">
      <HStack gap="2" mb="5" role="group" aria-label="Show reviews">
        {reviewVisibilities.map((value) => (
          <Button key={value} size="sm" rounded="full" variant={status === value ? 'solid' : 'outline'} colorPalette="leaf" aria-pressed={status === value} onClick={() => setStatus(value)}>
            {filterLabels[value]}
          </Button>
        ))}
      </HStack>
      {list.status === 'loading' ? <Text role="status">Loading reviews…</Text> : null}
      {list.status === 'error' ? <LoadFailed message={reviewTexts.loadFailed} onRetry={reload} /> : null}
      {list.status === 'ready' && list.data.reviews.length === 0 ? <Text color="brand.muted">No reviews here.</Text> : null}
      {list.status === 'ready' && list.data.reviews.length > 0 ? (
        <Stack as="ul" listStyleType="none" gap="4" aria-label="Reviews">
          {list.data.reviews.map((review) => (
            <ReviewRow key={review.id} review={review} onChanged={reload} />
          ))}
        </Stack>
      ) : null}
    </AdminPage>
  );
}

function ReviewRow({ review, onChanged }: { review: AdminReview; onChanged: () => void }) {
  const [snapshot, send] = useActor(
    reviewVisibilityMachine.provide({
      actors: { changeVisibility: fromPromise(({ input: { id, ...change } }) => setReviewVisibility(id, change)) },
      actions: { reviewChanged: onChanged, logError: (_, { error }) => console.error('admin call failed', error) },
    }),
    { input: { id: review.id, hidden: review.hiddenAt !== null }, ...appActorOptions },
  );
  const hidden = review.hiddenAt !== null;
  const { reason, error } = snapshot.context;
  const busy = snapshot.matches('hiding') || snapshot.matches('showing');
  return (
    <Box as="li" p="4" borderWidth="1px" borderColor="brand.line" rounded="xl" data-testid="admin-review">
      <HStack gap="3" wrap="wrap">
        <StarRating average={review.stars} />
        <Text fontWeight="600">{review.productName}</Text>
        <Text fontSize="sm" color="brand.muted">
          {review.buyerName} · {review.buyerEmail} · {reviewDate(review.createdAt)}
          {review.editedAt ? ' · edited' : ''}
        </Text>
        {hidden ? (
          <Badge colorPalette="red" variant="subtle" rounded="full">
            Hidden
          </Badge>
        ) : null}
      </HStack>
      {review.text ? (
        <Text mt="2" whiteSpace="pre-line">
          {review.text}
        </Text>
      ) : null}
      {hidden ? (
        <Text mt="2" fontSize="sm" color="brand.roseDeep">
          Reason: {review.hiddenReason}
        </Text>
      ) : null}
      <HStack mt="3" gap="2" wrap="wrap">
        {hidden ? null : (
          <Input size="sm" maxW="sm" placeholder="Why hide it? (required)" aria-label={`Reason to hide the review of ${review.productName}`} value={reason} maxLength={reviewLimits.reasonMax} onChange={(event) => send({ type: 'reason.change', value: event.target.value })} />
        )}
        <Button size="sm" rounded="full" variant="outline" colorPalette={hidden ? 'leaf' : 'red'} loading={busy} disabled={!hidden && reason.trim() === ''} onClick={() => send({ type: hidden ? 'review.show' : 'review.hide' })}>
          {hidden ? 'Show again' : 'Hide'}
        </Button>
      </HStack>
      {error ? (
        <Text role="alert" mt="2" fontSize="sm" color="brand.roseDeep">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
