// The shop's main call to action wherever it stands (Add To Cart, Proceed to Checkout, Shop Everlasting…): a large
// leaf-green pill. Spread first, so that a button can still set its own size or padding.
export const leafPill = { size: 'lg', rounded: 'full', bg: 'brand.leaf', color: 'white', _hover: { bg: 'brand.leafHover' } } as const;
