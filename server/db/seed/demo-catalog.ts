/**
 * The demo catalogue a fresh database starts with (SPEC.md §1, issue 2): two categories of flowers, four sub-categories
 * each, six products per sub-category; and two small categories of add-ons (issue 42) offered beside them. Deterministic on purpose: tests count on these names, codes and prices.
 * Prices are integer paise; `gstRateBp` is the CGST rate (= SGST) in basis points.
 */
import type { DeliveryKind } from '../../../domain/delivery-kind';
import type { ArtStyleKey } from './art/art-styles';
import { dried, fresh } from './art/art-styles';
import type { BloomKind } from './art/blooms';
import type { ContainerKind } from './art/containers';
import type { GiftKind } from './art/gift-art';

export interface DemoProduct {
  itemCode: string;
  name: string;
  sellingPricePaise: number;
  mrpPaise: number;
  stock: number;
  description: string;
  note: string;
  shippingDetails: string;
  /** An arrangement of flowers (art/arrangement.ts) or, for an add-on, a gift (art/gift-art.ts). */
  art: { style: ArtStyleKey; tones?: readonly string[]; bloom?: BloomKind; container?: ContainerKind } | { gift: GiftKind };
  /** Offered beside the flowers as "Make it special" (issue 42). */
  isAddon?: boolean;
  /** Overrides the category's HSN code (chocolates, 1806, among the cakes). */
  hsnCode?: string;
}

export interface DemoSubCategory {
  name: string;
  description: string;
  products: DemoProduct[];
}

export interface DemoCategory {
  name: string;
  description: string;
  gstRateBp: number | null;
  /** Fresh flowers go by hand on a chosen date; everlasting ones by courier (issue 40). */
  deliveryKind: DeliveryKind;
  /** The HSN code of its products' document lines; flowers' 0603 when absent. */
  hsnCode?: string;
  subCategories: DemoSubCategory[];
}

const driedShipping =
  'Ships within 2 to 5 business days anywhere in India, packed in a rigid box with tissue so every stem arrives whole. Shipping charges are calculated at checkout and tracking details are sent by e-mail.';
const freshShipping =
  'Delivered within 2 to 5 business days within India in a hydrated water pack and a protective sleeve. Shipping charges are calculated at checkout and tracking details are sent by e-mail.';

const driedCare =
  'Keep away from direct sunlight, moisture and fans, which fade and break dried stems. Dust gently with a soft brush or a hair dryer on cool; with care it stays beautiful for one to two years.';
const pampasCare =
  'Give the plumes a gentle shake when you unpack them and let them fluff for a day. A light mist of unscented hairspray keeps them from shedding; keep away from damp rooms.';
const freshCare =
  'Trim the stems at an angle and change the water every two days. Keep away from direct heat and ripening fruit; remove wilted blooms so the rest last longer.';
const lilyCare =
  'Pinch off the pollen-laden anthers as the lilies open to keep petals and clothes free of stains. Trim stems and refresh the water every two days; the buds open over the week.';
const roseCare =
  'Recut the stems under running water and place them in fresh water straight away. Change the water every two days and keep the roses in a cool spot away from sunlight.';

const rs = (rupees: number): number => rupees * 100;

/** A product factory for one kind of stock: its care note (overridable per product) and its shipping details. */
const productsOfKind =
  (care: string, shippingDetails: string) =>
  (
    itemCode: string,
    name: string,
    price: number,
    mrp: number | null,
    stock: number,
    description: string,
    art: DemoProduct['art'],
    note = care,
  ): DemoProduct => ({ itemCode, name, sellingPricePaise: rs(price), mrpPaise: rs(mrp ?? price), stock, description, note, shippingDetails, art });

const d = productsOfKind(driedCare, driedShipping);
const f = productsOfKind(freshCare, freshShipping);

const cakeShipping =
  'Baked fresh in our partner kitchen and delivered by hand with your flowers, on the same date and in the same slot.';
const giftShipping =
  'Travels with your flowers when they are delivered by hand; on its own it ships by courier within 2 to 5 business days.';

/** An add-on (issue 42): a gift offered beside the flowers, with its own stock, price and tax. */
const addon = (
  itemCode: string,
  name: string,
  price: number,
  stock: number,
  description: string,
  note: string,
  shippingDetails: string,
  gift: GiftKind,
  hsnCode?: string,
): DemoProduct => ({
  itemCode,
  name,
  sellingPricePaise: rs(price),
  mrpPaise: rs(price),
  stock,
  description,
  note,
  shippingDetails,
  art: { gift },
  isAddon: true,
  ...(hsnCode ? { hsnCode } : {}),
});

export const demoCatalog: DemoCategory[] = [
  {
    name: 'Everlasting Dry Flowers',
    description: 'Handcrafted arrangements of naturally dried and preserved flowers that last for years, not days.',
    gstRateBp: 250,
    deliveryKind: 'courier',
    subCategories: [
      {
        name: 'Exotic',
        description: 'Statement pieces with palm spears, pampas plumes and sculptural dried blooms.',
        products: [
          d('EDF-EXO-01', 'Terracotta Palm Spear Vase', 2499, 2999, 18, 'Sun-bleached palm spears and rust strawflowers rise from a hand-thrown ceramic vase. A bold, warm centrepiece for a console or a dining table.', { style: 'dried-exotic', tones: [dried.terracotta, dried.rust, dried.ivory], container: 'vase' }),
          d('EDF-EXO-02', 'Golden Pampas Statement Urn', 3499, 3999, 12, 'Tall golden pampas, wheat and dried roses gathered in a classic urn. Made to fill a corner of a living room with soft texture and light.', { style: 'dried-exotic', tones: [dried.gold, dried.honey, dried.ivory], container: 'urn' }, pampasCare),
          d('EDF-EXO-03', 'Desert Sunset Pampas Arrangement', 2799, null, 20, 'Blush pampas, terracotta blooms and golden grasses in the colours of a Rajasthan sunset. Every piece is arranged by hand in our Chennai studio.', { style: 'dried-exotic', tones: [dried.terracotta, dried.blush, dried.gold] }, pampasCare),
          d('EDF-EXO-04', 'Ivory Palm & Bunny-Tail Vase', 1999, 2499, 25, 'Ivory palm fans, fluffy bunny tails and cream everlastings in a calm, neutral palette. It sits as happily in a bedroom as at a reception desk.', { style: 'dried-exotic', tones: [dried.ivory, dried.beige, dried.blush] }),
          d('EDF-EXO-05', 'Rust Strawflower Exotic Urn', 2299, null, 2, 'Papery rust strawflowers and tawny pampas in a matte black urn. Dramatic, warm and made to be looked at up close.', { style: 'dried-exotic', tones: [dried.rust, dried.terracotta, dried.honey], container: 'urn', bloom: 'strawflower' }),
          d('EDF-EXO-06', 'Champagne Wheat & Pampas Vase', 1799, null, 30, 'Champagne pampas, golden wheat and pale dried roses in a ceramic vase. A quiet, elegant piece that brings the harvest indoors all year.', { style: 'dried-exotic', tones: [dried.ivory, dried.honey, dried.sand] }, pampasCare),
        ],
      },
      {
        name: 'Posy',
        description: 'Small hand-tied posies wrapped in kraft paper: the everlasting way to say thank you.',
        products: [
          d('EDF-POSY-01', 'Golden Pampas Posy', 999, 1199, 35, 'Golden strawflowers, wheat and soft pampas tied into a little posy and wrapped in kraft paper. A gift that stays lovely long after the occasion.', { style: 'dried-posy', tones: [dried.gold, dried.honey, dried.ivory], bloom: 'strawflower' }, pampasCare),
          d('EDF-POSY-02', 'Blush Bunny-Tail Posy', 899, null, 40, 'Blush bunny tails and dusty pink dried roses in a soft kraft wrap. Light as a feather and sweet on a bedside table.', { style: 'dried-posy', tones: [dried.blush, dried.dustyPink, dried.ivory] }),
          d('EDF-POSY-03', 'Dusty Rose Kraft Posy', 1099, 1299, 22, 'Preserved dusty pink roses with baby’s breath and bunny tails, tied with a satin ribbon. A romantic posy that never wilts.', { style: 'dried-posy', tones: [dried.dustyPink, dried.mauve, dried.blush], bloom: 'rose' }),
          d('EDF-POSY-04', 'Ivory Strawflower Posy', 949, null, 3, 'Ivory and cream strawflowers with pale pampas in a natural wrap. Understated and elegant, it suits every room and every occasion.', { style: 'dried-posy', tones: [dried.ivory, dried.beige, dried.honey], bloom: 'strawflower' }),
          d('EDF-POSY-05', 'Mauve Meadow Posy', 1199, null, 28, 'Mauve ranunculus-style everlastings, blush tails and golden grasses from a summer meadow, dried at their best. Wrapped and ready to give.', { style: 'dried-posy', tones: [dried.mauve, dried.blush, dried.honey], bloom: 'ranunculus' }),
          d('EDF-POSY-06', 'Honey Wheat Posy', 799, null, 30, 'Honey-toned wheat, golden everlastings and cream bunny tails in a small kraft posy. Our favourite little thank-you.', { style: 'dried-posy', tones: [dried.honey, dried.gold, dried.sand] }),
        ],
      },
      {
        name: 'Round',
        description: 'Dense, dome-shaped arrangements in bowls and baskets that look good from every side.',
        products: [
          d('EDF-ROUND-01', 'Blush Bunny-Tail Round', 1499, 1799, 16, 'A soft dome of blush everlastings and bunny tails in a round ceramic bowl. Made to sit in the middle of a table and be seen from all sides.', { style: 'dried-round', tones: [dried.blush, dried.dustyPink, dried.ivory], container: 'bowl' }),
          d('EDF-ROUND-02', 'Honey Strawflower Round Bowl', 1699, null, 20, 'Honey and gold strawflowers packed into a generous round bowl. Warm, cheerful colour that lasts through every season.', { style: 'dried-round', tones: [dried.honey, dried.gold, dried.terracotta], container: 'bowl', bloom: 'strawflower' }),
          d('EDF-ROUND-03', 'Terracotta Dome Arrangement', 1899, 2199, 14, 'Terracotta roses, rust everlastings and cream accents in a woven basket. Earthy tones that go beautifully with wood and cane furniture.', { style: 'dried-round', tones: [dried.terracotta, dried.rust, dried.ivory], container: 'basket' }),
          d('EDF-ROUND-04', 'Ivory Cloud Round Basket', 1599, null, 24, 'Ivory everlastings with clouds of baby’s breath in a pale woven basket. Light, airy and lovely in a nursery or a reading corner.', { style: 'dried-round', tones: [dried.ivory, dried.beige, dried.blush], container: 'basket' }),
          d('EDF-ROUND-05', 'Sunkissed Everlasting Round', 1799, null, 1, 'Sunny gold, blush and terracotta blooms gathered into a full round arrangement. It brings a little sunshine to any shelf.', { style: 'dried-round', tones: [dried.gold, dried.blush, dried.terracotta], container: 'bowl' }),
          d('EDF-ROUND-06', 'Dusty Pink Round Bowl', 1399, null, 26, 'Dusty pink roses and mauve everlastings in a small round bowl. Pretty on a dressing table or a desk.', { style: 'dried-round', tones: [dried.dustyPink, dried.mauve, dried.blush], container: 'bowl', bloom: 'rose' }),
        ],
      },
      {
        name: 'Side',
        description: 'Slim bud vases and bottles for side tables, shelves and window sills.',
        products: [
          d('EDF-SIDE-01', 'Pampas Bud Vase', 899, null, 34, 'A few stems of soft pampas and bunny tails in a slim ceramic bud vase. Small enough for a window sill, pretty enough to notice.', { style: 'dried-side', tones: [dried.ivory, dried.beige], container: 'bottle' }, pampasCare),
          d('EDF-SIDE-02', 'Gold Palm Side Bottle', 1199, 1399, 21, 'A golden palm fan and everlastings in a glazed bottle vase. A little sculpture for a side table or a bookshelf.', { style: 'dried-side', tones: [dried.gold, dried.honey], container: 'bottle' }),
          d('EDF-SIDE-03', 'Blush Bunny-Tail Bottle', 849, null, 38, 'Blush bunny tails and pale dried roses in a small bottle. Soft and playful, a favourite for kids’ rooms.', { style: 'dried-side', tones: [dried.blush, dried.dustyPink], container: 'bottle' }),
          d('EDF-SIDE-04', 'Terracotta Side Table Vase', 1299, null, 17, 'Terracotta everlastings and tawny grasses in a matching earthenware vase. Warm and grounded, it suits a reading nook.', { style: 'dried-side', tones: [dried.terracotta, dried.rust], container: 'vase' }),
          d('EDF-SIDE-05', 'Ivory Wheat Side Arrangement', 999, 1199, 2, 'Ivory wheat, pampas and cream blooms in a small ceramic vase. Simple, calm and easy to place anywhere.', { style: 'dried-side', tones: [dried.ivory, dried.sand], container: 'vase' }),
          d('EDF-SIDE-06', 'Dusty Pink Strawflower Bottle', 1099, null, 27, 'Dusty pink strawflowers and soft grasses in a slender bottle vase. A touch of colour for a desk or a bathroom shelf.', { style: 'dried-side', tones: [dried.dustyPink, dried.mauve], container: 'bottle', bloom: 'strawflower' }),
        ],
      },
    ],
  },
  {
    name: 'Fresh Flowers',
    description: 'Seasonal fresh flowers arranged by hand on the day they are sent.',
    gstRateBp: null,
    deliveryKind: 'hand',
    subCategories: [
      {
        name: 'Exotic',
        description: 'Lilies, tulips and peonies in arrangements for grand occasions.',
        products: [
          f('FF-EXO-01', 'Royal Purple Lily Vase', 1899, 2199, 15, 'Deep purple lilies with fern and eucalyptus in a ceramic vase. Regal colour for an anniversary or a housewarming.', { style: 'fresh-exotic', tones: [fresh.purple, fresh.lilac, fresh.white], bloom: 'lily' }, lilyCare),
          f('FF-EXO-02', 'Coral Tulip Exotic Vase', 2299, null, 12, 'Imported coral tulips with soft foliage in a tall vase. Fresh, modern and bright.', { style: 'fresh-exotic', tones: [fresh.coral, fresh.peach, fresh.white], bloom: 'tulip' }),
          f('FF-EXO-03', 'White Peony Luxe Urn', 2499, 2799, 10, 'Lush white peonies with fern in a classic urn. A luxurious gift for weddings and milestones.', { style: 'fresh-exotic', tones: [fresh.white, fresh.blush], bloom: 'peony', container: 'urn' }),
          f('FF-EXO-04', 'Lilac Tulip & Fern Vase', 1999, null, 18, 'Lilac tulips and feathery fern in a ceramic vase. Gentle colour that brightens a workspace.', { style: 'fresh-exotic', tones: [fresh.lilac, fresh.purple], bloom: 'tulip' }),
          f('FF-EXO-05', 'Sunshine Exotic Lilies', 1699, null, 3, 'Golden lilies with green foliage, arranged to open over the week. Cheerful and fragrant.', { style: 'fresh-exotic', tones: [fresh.yellow, fresh.peach], bloom: 'lily' }, lilyCare),
          f('FF-EXO-06', 'Moonlight Peony Vase', 2199, null, 14, 'Lilac and white peonies in a dark ceramic vase. Soft, dreamy and perfect for an evening table.', { style: 'fresh-exotic', tones: [fresh.lilac, fresh.white, fresh.lilac], bloom: 'peony' }),
        ],
      },
      {
        name: 'Bouquets',
        description: 'Hand-tied seasonal bouquets wrapped in kraft paper and ribbon.',
        products: [
          f('FF-BQT-01', 'Pastel Garden Bouquet', 1299, 1499, 30, 'Pastel roses, daisies and baby’s breath with eucalyptus, hand-tied in kraft paper. A garden’s worth of colour in one bouquet.', { style: 'fresh-bouquets', tones: [fresh.blush, fresh.white, fresh.lilac, fresh.peach] }),
          f('FF-BQT-02', 'Pink Peony Hand-Tied Bouquet', 1899, null, 20, 'Full pink peonies with eucalyptus and gypsophila, wrapped and ribboned. Romance in full bloom.', { style: 'fresh-bouquets', tones: [fresh.pink, fresh.blush], bloom: 'peony' }),
          f('FF-BQT-03', 'Sunny Gerbera Bouquet', 899, null, 40, 'Bright yellow gerberas and white daisies with fresh greens. Sure to make someone smile.', { style: 'fresh-bouquets', tones: [fresh.yellow, fresh.white, fresh.yellow], bloom: 'daisy' }),
          f('FF-BQT-04', 'Blush & White Wedding Bouquet', 2299, 2499, 12, 'Blush peonies, white roses and gypsophila in a soft kraft wrap. Made for weddings, engagements and every vow.', { style: 'fresh-bouquets', tones: [fresh.blush, fresh.white], bloom: 'peony' }),
          f('FF-BQT-05', 'Peach Ranunculus Bouquet', 1599, null, 2, 'Layered peach ranunculus with eucalyptus, wrapped by hand. Delicate petals with a lovely warm glow.', { style: 'fresh-bouquets', tones: [fresh.peach, fresh.coral, fresh.blush], bloom: 'ranunculus' }),
          f('FF-BQT-06', 'Lavender Dreams Bouquet', 1199, null, 25, 'Lilac daisies, purple blooms and soft greens in a hand-tied bouquet. Calm colours for a thoughtful gift.', { style: 'fresh-bouquets', tones: [fresh.lilac, fresh.purple, fresh.white], bloom: 'daisy' }),
        ],
      },
      {
        name: 'Roses',
        description: 'Roses in every colour: hand-tied, in glass and in baskets.',
        products: [
          f('FF-ROSE-01', 'Red Rose Hand-Tied Bouquet', 999, 1199, 40, 'Long-stemmed red roses with gypsophila and greens, hand-tied in kraft paper. The classic way to say I love you.', { style: 'fresh-roses', tones: [fresh.red, fresh.crimson], container: 'wrap' }, roseCare),
          f('FF-ROSE-02', 'Dozen Red Roses in Glass', 1499, null, 30, 'Twelve red roses arranged in a clear glass vase with fresh foliage. Ready to place on a table the moment it arrives.', { style: 'fresh-roses', tones: [fresh.red, fresh.red, fresh.crimson], container: 'glass' }, roseCare),
          f('FF-ROSE-03', 'Pink Rose Basket', 1299, 1499, 22, 'Soft pink roses nestled in a woven basket with gypsophila. A sweet birthday surprise.', { style: 'fresh-roses', tones: [fresh.pink, fresh.blush], container: 'basket' }, roseCare),
          f('FF-ROSE-04', 'White Rose Elegance Bouquet', 1099, null, 26, 'Pure white roses with eucalyptus in a kraft wrap. Elegant, calm and fitting for every occasion.', { style: 'fresh-roses', tones: [fresh.white, fresh.white, fresh.blush], container: 'wrap' }, roseCare),
          f('FF-ROSE-05', 'Yellow Rose Sunshine Bouquet', 799, null, 35, 'Sunny yellow roses hand-tied with greens: friendship in a bouquet. Bright enough to lift any day.', { style: 'fresh-roses', tones: [fresh.yellow, fresh.yellow, fresh.white], container: 'wrap' }, roseCare),
          f('FF-ROSE-06', 'Mixed Rose Celebration Basket', 1699, null, 3, 'Red, pink, white and yellow roses together in a festive basket. Made for celebrations big and small.', { style: 'fresh-roses', tones: [fresh.red, fresh.pink, fresh.white, fresh.yellow], container: 'basket' }, roseCare),
        ],
      },
      {
        name: 'Lilies',
        description: 'Fragrant lilies that open over the week, in vases and bunches.',
        products: [
          f('FF-LILY-01', 'White Oriental Lily Vase', 1599, 1799, 20, 'Fragrant white oriental lilies in a clear glass vase. Serene and graceful, they fill a room with scent.', { style: 'fresh-lilies', tones: [fresh.white], container: 'glass' }, lilyCare),
          f('FF-LILY-02', 'Pink Stargazer Lilies', 1799, null, 16, 'Pink stargazer lilies with foliage in a ceramic vase. Striking blooms with a famous perfume.', { style: 'fresh-lilies', tones: [fresh.pink, fresh.blush], container: 'vase' }, lilyCare),
          f('FF-LILY-03', 'Sunny Yellow Lilies', 1199, null, 24, 'Golden yellow Asiatic lilies with ferns in glass. A warm, happy burst of colour.', { style: 'fresh-lilies', tones: [fresh.yellow, fresh.peach], container: 'glass' }, lilyCare),
          f('FF-LILY-04', 'Peach Asiatic Lily Vase', 1399, 1599, 18, 'Peach Asiatic lilies and eucalyptus in a ceramic vase. Soft colour and clean lines.', { style: 'fresh-lilies', tones: [fresh.peach, fresh.coral], container: 'vase' }, lilyCare),
          f('FF-LILY-05', 'Blush Lily Glass Vase', 1499, null, 2, 'Blush pink lilies in a simple glass vase with fresh greens. Gentle and elegant for a thoughtful gift.', { style: 'fresh-lilies', tones: [fresh.blush, fresh.white], container: 'glass' }, lilyCare),
          f('FF-LILY-06', 'Petite Lily Bud Vase', 499, 599, 33, 'A few white and blush lilies in a small glass vase. A little luxury for a desk or a bedside table.', { style: 'fresh-lilies', tones: [fresh.white, fresh.blush], container: 'glass' }, lilyCare),
        ],
      },
    ],
  },
  {
    name: 'Cakes & Chocolates',
    description: 'Cakes baked on the day and fine chocolates, to go with the flowers.',
    // 5 % GST (FLORIST-FACTS.md: cakes 1905 and chocolates 1806 since 22 September 2025): CGST 2.5 % + SGST 2.5 %.
    gstRateBp: 250,
    deliveryKind: 'hand',
    hsnCode: '1905',
    subCategories: [
      {
        name: 'Cakes & Chocolates',
        description: 'A cake or a box of chocolates beside the bouquet.',
        products: [
          addon('ADD-CAKE-01', 'Chocolate Truffle Cake 500 g', 749, 20, 'A rich chocolate sponge layered and covered with dark truffle ganache, crowned with truffles and cherries. Serves six.', 'Keep refrigerated and eat within two days; take it out half an hour before serving.', cakeShipping, 'cake'),
          addon('ADD-CHOC-01', 'Belgian Chocolate Box', 599, 30, 'Eighteen Belgian chocolates in gold cups: dark, milk and white, pralines and truffles, in a ribboned box.', 'Store in a cool, dry place away from sunlight; best within a month.', cakeShipping, 'chocolates', '1806'),
        ],
      },
    ],
  },
  {
    name: 'Gifts',
    description: 'A vase, a card or a soft toy to make the flowers a gift.',
    gstRateBp: 900,
    deliveryKind: 'courier',
    hsnCode: '7013',
    subCategories: [
      {
        name: 'Gifts',
        description: 'Small things that travel with the flowers.',
        products: [
          addon('ADD-VASE-01', 'Clear Glass Vase', 449, 25, 'A tall, clear glass cylinder vase with a flared lip, 25 cm: ready for the bouquet the moment it arrives.', 'Wash by hand in warm water; change the flowers’ water every two days.', giftShipping, 'vase'),
          addon('ADD-CARD-01', 'Hand-Painted Greeting Card', 149, 60, 'A folded card with a hand-painted sprig of flowers and a kraft envelope, blank inside for your own words.', 'Write with a ballpoint or a felt pen; ink pens may bleed on the watercolour paper.', giftShipping, 'card', '4909'),
          addon('ADD-TEDDY-01', 'Teddy Bear with Bow', 699, 15, 'A soft, huggable teddy bear, 30 cm tall, with a satin bow at the neck.', 'Surface wash with a damp cloth; not suitable for children under three.', giftShipping, 'teddy', '9503'),
        ],
      },
    ],
  },
];

export const demoProducts: DemoProduct[] = demoCatalog.flatMap((c) => c.subCategories.flatMap((s) => s.products));
