import { z } from 'zod/mini';

/**
 * The gift card an order may carry (issue 40 "Gift message"): an occasion, a message, the sender's name and "don't show
 * my name". The recipient's name and phone are the delivery address's. The checkout form and the invoice route check
 * the same schema; the order keeps what it parsed to (orders.gift), or null when the buyer wrote no card.
 *
 * Lengths count what a reader sees as one character: grapheme clusters (Intl.Segmenter), so "👍🏽" or "👨‍👩‍👧" or "நா" is
 * one, however many code points it is made of. A code-unit cap stops a "character" stacked with thousands of marks.
 */

export const giftOccasions = [
  'Birthday',
  'Anniversary',
  'Love & Romance',
  'Congratulations',
  'Get Well',
  'Sympathy',
  'Thank You',
  'Just Because',
] as const;
export type GiftOccasion = (typeof giftOccasions)[number];

export const giftLimits = {
  messageMax: 250,
  senderNameMax: 60,
  /** UTF-16 code units: four per character on average is far above any real card, emoji included. */
  messageUnitsMax: 250 * 8,
  senderNameUnitsMax: 60 * 8,
} as const;

export const giftMessages = {
  occasion: `Please choose an occasion from the list: ${giftOccasions.join(', ')}`,
  messageMax: `The card message should not be more than ${giftLimits.messageMax} characters`,
  messageChars: 'The card message may only contain letters, digits, punctuation, spaces, line breaks and emoji',
  senderNameMax: `The sender's name should not be more than ${giftLimits.senderNameMax} characters`,
  senderNameChars: "The sender's name may only contain letters, digits, punctuation, spaces and emoji, on one line",
  hideSenderName: '"Don\'t show my name" must be true or false',
  emptyCard: 'Please write a message or choose an occasion for the card',
  invalidGift: 'The gift message must be an object with occasion, message, senderName and hideSenderName',
  /** Place Order with a card the rules refuse: the section shows why. */
  checkCard: 'Please check the gift message',
} as const;

/**
 * Letters and their marks (Indian scripts need both, and ZWNJ/ZWJ), digits, punctuation, symbols (₹, +, ♥), spaces,
 * and emoji with their components (ZWJ, variation selectors, skin tones, flags' regional indicators and tags). Control
 * characters, bidi overrides, private-use and unassigned code points are refused.
 */
const cardCharacter = String.raw`\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\p{Extended_Pictographic}\p{Emoji_Component}`;
// ZWJ is an emoji component; ZWNJ (Indian scripts' half forms) is named apart, outside the class.
const singleLine = new RegExp(`^(?:[${cardCharacter}]|\u200C)*$`, 'u');
const multiLine = new RegExp(`^(?:[${cardCharacter}\n]|\u200C)*$`, 'u');

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;

/** What a reader counts as characters: grapheme clusters, or code points where Intl.Segmenter is missing. */
export function cardLength(text: string): number {
  if (!segmenter) return [...text].length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/** Line breaks as `\n`, outer spaces gone: what is counted, checked and kept. */
export const normalizeCardText = (text: string): string => text.replace(/\r\n?/g, '\n').trim();

const cardText = (max: number, unitsMax: number, pattern: RegExp, maxMessage: string, charsMessage: string) =>
  z.pipe(
    z.pipe(z.string({ error: charsMessage }), z.transform(normalizeCardText)),
    z
      .string()
      .check(
        z.maxLength(unitsMax, { error: maxMessage }),
        z.refine((text: string) => cardLength(text) <= max, { error: maxMessage }),
        z.regex(pattern, { error: charsMessage }),
      ),
  );

export const giftFields = {
  occasion: z.pipe(
    z.union([z.enum(giftOccasions), z.literal(''), z.null()], { error: giftMessages.occasion }),
    z.transform((occasion: GiftOccasion | '' | null) => (occasion ? occasion : null)),
  ),
  message: cardText(giftLimits.messageMax, giftLimits.messageUnitsMax, multiLine, giftMessages.messageMax, giftMessages.messageChars),
  senderName: cardText(
    giftLimits.senderNameMax,
    giftLimits.senderNameUnitsMax,
    singleLine,
    giftMessages.senderNameMax,
    giftMessages.senderNameChars,
  ),
  hideSenderName: z.boolean({ error: giftMessages.hideSenderName }),
};

/** The card as the order keeps it and every screen shows it. */
export const giftMessage = z.object({
  occasion: z.nullable(z.enum(giftOccasions)),
  message: z.string(),
  senderName: z.string(),
  hideSenderName: z.boolean(),
});
export type GiftMessage = z.infer<typeof giftMessage>;

/**
 * The `gift` of the invoice request: absent or null for no card; otherwise each part optional, but a card says
 * something (a message or an occasion). Unknown keys are refused, so a typo does not drop the buyer's words silently.
 */
export const giftMessageRequest = z.pipe(
  z.strictObject(
    {
      occasion: z.optional(giftFields.occasion),
      message: z.optional(giftFields.message),
      senderName: z.optional(giftFields.senderName),
      hideSenderName: z.optional(giftFields.hideSenderName),
    },
    { error: giftMessages.invalidGift },
  ),
  z.transform((gift, payload): GiftMessage => {
    const card: GiftMessage = {
      occasion: gift.occasion ?? null,
      message: gift.message ?? '',
      senderName: gift.senderName ?? '',
      hideSenderName: gift.hideSenderName ?? false,
    };
    if (card.occasion === null && card.message === '') {
      payload.issues.push({ code: 'custom', message: giftMessages.emptyCard, input: gift, path: [] });
      return z.NEVER;
    }
    return card;
  }),
);
/** What a browser sends; the server parses it with `giftMessageRequest`. */
export interface GiftMessageRequest {
  occasion?: string | null;
  message?: string;
  senderName?: string;
  hideSenderName?: boolean;
}

/** The checkout form's values, as the gift-message machine holds them. */
export interface GiftFormValues {
  occasion: string;
  message: string;
  senderName: string;
  hideSenderName: boolean;
}

export const blankGiftForm: GiftFormValues = { occasion: '', message: '', senderName: '', hideSenderName: false };

/** The form holds no card: nothing written, no occasion, no name. */
export const giftFormEmpty = (values: GiftFormValues): boolean =>
  values.occasion === '' && values.message.trim() === '' && values.senderName.trim() === '';

export type GiftFormField = 'occasion' | 'message' | 'senderName';

/** Each field's first complaint under the same rules the server applies; none for an empty form (no card). */
export function giftFormIssues(values: GiftFormValues): Partial<Record<GiftFormField | 'card', string>> {
  if (giftFormEmpty(values)) return {};
  const result = giftMessageRequest.safeParse(values);
  if (result.success) return {};
  const issues: Partial<Record<GiftFormField | 'card', string>> = {};
  for (const issue of result.error.issues) {
    const field = (issue.path[0] as GiftFormField | undefined) ?? 'card';
    issues[field] ??= issue.message;
  }
  return issues;
}

/** What the invoice request sends: null for no card, else the form's values (the server parses them again). */
export const giftRequestOf = (values: GiftFormValues): GiftMessageRequest | null =>
  giftFormEmpty(values) ? null : { ...values };

/** Who the card is from, saying when the name must stay off the card (the florist reads this too). */
export function giftSender(gift: GiftMessage): string {
  if (gift.hideSenderName) return gift.senderName ? `${gift.senderName} (not shown on the card)` : 'Not shown on the card';
  return gift.senderName || 'No name given';
}

/**
 * The card as label and value rows, the same everywhere an order shows it (confirmation mail, thank-you page, My
 * Account, the admin's order): escaping is the renderer's job, line breaks are the buyer's own.
 */
export function giftDetails(gift: GiftMessage | null): [label: string, value: string][] {
  if (!gift) return [];
  return [
    ...(gift.occasion ? [['Occasion', gift.occasion] as [string, string]] : []),
    ...(gift.message ? [['Card message', gift.message] as [string, string]] : []),
    ['Card from', giftSender(gift)],
  ];
}
