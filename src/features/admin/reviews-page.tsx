// The admin's Reviews (issue 42): every review newest first, all or only the visible or hidden ones; hide one with a
// reason (it then counts nowhere) or show it again. The list reloads after each change.
// TODO(issue 42): the hide/unhide call belongs in a machine (house style); it is called from here for now.
import { useState } from 'react';
import { Badge, Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { reviewDate, reviewTexts, reviewVisibilities } from '../../../domain/reviews';
import type { AdminReview, ReviewVisibility } from '../../../domain/reviews';
import { getAdminReviews, setReviewVisibility } from '../../api/reviews';
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
      {list.status === 'ready' ? (
        <Stack as="ul" listStyleType="none" gap="4" aria-label="Reviews">
          {list.data.reviews.length === 0 ? <Text color="brand.muted">No reviews here.</Text> : null}
          {list.data.reviews.map((review) => (
            <ReviewRow key={review.id} review={review} onChanged={reload} />
          ))}
        </Stack>
      ) : null}
    </AdminPage>
  );
}

function ReviewRow({ review, onChanged }: { review: AdminReview; onChanged: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hidden = review.hiddenAt !== null;
  const change = async () => {
    setBusy(true);
    setError(null);
    try {
      await setReviewVisibility(review.id, hidden ? { hidden: false } : { hidden: true, reason });
      onChanged();
    } catch (failure) {
      setError((failure as { serverMessage?: string | null }).serverMessage ?? reviewTexts.saveFailed);
    } finally {
      setBusy(false);
    }
  };
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
          <Input size="sm" maxW="sm" placeholder="Why hide it? (required)" aria-label={`Reason to hide the review of ${review.productName}`} value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
        )}
        <Button size="sm" rounded="full" variant="outline" colorPalette={hidden ? 'leaf' : 'red'} loading={busy} disabled={!hidden && reason.trim() === ''} onClick={() => void change()}>
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
