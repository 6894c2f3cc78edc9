// "Rate this" / "Edit your review" and the form it opens (issue 42), shared by the product page and My Account's
// orders. Renders the review-form machine: the button while she may review, the reason when she may not, and the
// dialog with stars, an optional text, the thanks, a refusal's reason or Try again.
import { Box, Button, chakra, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { reviewLimits } from '../../domain/reviews';
import { reviewFormMachine } from '../../machines/review-form.machine';
import { getMyReview, saveReview } from '../api/reviews';
import { FormDialog, SubmitButton } from './form-dialog';

interface ReviewFormDialogProps {
  externalId: string;
  productName: string;
  /** The product's reviews changed: its list reloads. */
  onSaved?: () => void;
  /** Show why she may not review (the product page); My Account shows nothing instead. */
  showReason?: boolean;
}

const starWords = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

export function ReviewFormDialog({ externalId, productName, onSaved, showReason = false }: ReviewFormDialogProps) {
  const [snapshot, send] = useActor(
    reviewFormMachine.provide({
      actors: {
        loadMyReview: fromPromise(({ input }) => getMyReview(input.externalId)),
        saveReview: fromPromise(({ input }) => saveReview(input.externalId, input.review)),
      },
      actions: {
        reviewSaved: () => onSaved?.(),
        logError: (_, { error }) => console.error(error),
      },
    }),
    { input: { externalId, openAtOnce: false } },
  );
  const { context } = snapshot;
  const open = ['editing', 'saving', 'saved', 'refused', 'failed'].some((state) => snapshot.matches(state as never));
  const saving = snapshot.matches('saving');

  if (snapshot.matches('checking')) return null;
  if (snapshot.matches('unavailable')) {
    return showReason && context.reason ? (
      <Text fontSize="sm" color="brand.muted" data-testid="review-reason">
        {context.reason}
      </Text>
    ) : null;
  }

  return (
    <>
      <Button size="sm" variant="outline" colorPalette="leaf" rounded="full" onClick={() => send({ type: 'form.open' })}>
        {context.review ? 'Edit your review' : 'Rate this'}
      </Button>
      <FormDialog
        open={open}
        size="md"
        title={context.review ? 'Edit your review' : 'Rate this'}
        description={productName}
        formLabel="Your review"
        onSubmit={() => send({ type: snapshot.matches('failed') ? 'save.retry' : 'form.submit' })}
        onCancel={() => send({ type: 'form.close' })}
        cancelLabel={snapshot.matches('saved') ? 'Close' : 'Cancel'}
        busy={saving}
        actions={
          snapshot.matches('refused') ? (
            <Button type="button" colorPalette="leaf" rounded="full" px="6" onClick={() => send({ type: 'form.edit' })}>
              Change it
            </Button>
          ) : snapshot.matches('saved') ? null : (
            <SubmitButton busy={saving} busyLabel="Saving" disabled={context.stars === 0}>
              {snapshot.matches('failed') ? 'Try again' : 'Save review'}
            </SubmitButton>
          )
        }
      >
        <Stack gap="4">
          <Box role="radiogroup" aria-label="Your stars">
            <HStack gap="1">
              {[1, 2, 3, 4, 5].map((stars) => (
                <Button
                  key={stars}
                  type="button"
                  role="radio"
                  aria-checked={context.stars === stars}
                  aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}: ${starWords[stars]}`}
                  variant="ghost"
                  px="1"
                  minW="9"
                  fontSize="3xl"
                  lineHeight="1"
                  color={stars <= context.stars ? 'brand.gold' : 'brand.line'}
                  disabled={!snapshot.matches('editing')}
                  onClick={() => send({ type: 'stars.choose', stars })}
                >
                  ★
                </Button>
              ))}
              <Text as="span" fontSize="sm" color="brand.muted" ml="2">
                {starWords[context.stars] || 'Choose your stars'}
              </Text>
            </HStack>
          </Box>
          <Stack gap="1">
            <chakra.label htmlFor={`review-text-${externalId}`} fontSize="sm" fontWeight="500">
              Your review (optional)
            </chakra.label>
            <Textarea
              id={`review-text-${externalId}`}
              value={context.text}
              maxLength={reviewLimits.textMax}
              rows={5}
              placeholder="How were the flowers, the packing and the delivery?"
              readOnly={!snapshot.matches('editing')}
              onChange={(event) => send({ type: 'text.change', value: event.target.value })}
            />
            <Text fontSize="xs" color="brand.muted" textAlign="right">
              {context.text.length}/{reviewLimits.textMax}
            </Text>
          </Stack>
          {context.message && !snapshot.matches('editing') ? (
            <Text
              role={snapshot.matches('saved') ? 'status' : 'alert'}
              fontSize="sm"
              color={snapshot.matches('saved') ? 'brand.leaf' : 'brand.roseDeep'}
              data-testid="review-message"
            >
              {context.message}
            </Text>
          ) : null}
        </Stack>
      </FormDialog>
    </>
  );
}
