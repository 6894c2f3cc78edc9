// The fields of the flower (product) form, one set for create and update (SPEC.md §5), in groups: what the product
// is, its price and stock, where it sits in the shop, what the shopper reads, and its pictures. Two columns on a
// desktop, one on a phone.
import type { ReactNode } from 'react';
import { Fieldset, GridItem, SimpleGrid, Text } from '@chakra-ui/react';
import { adminCatalogMessages, productDeliveryChoices } from '../../../domain/admin-catalog';
import { AdminCheckbox, AdminImagePicker, AdminReadOnlyField, AdminSelect, AdminTextField } from './admin-fields';
import { FlowerCategorySelects } from './flower-category-selects';
import type { AdminFormActor } from './use-admin-form';

export interface FlowerFieldsProps {
  actor: AdminFormActor;
  /** On update: the stored item code, shown read-only (the item code is not editable once created). */
  storedItemCode?: string;
  /** On update: what the product shows now. */
  currentImages?: readonly { url: string; alt: string }[];
}

function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset.Root minW="0">
      <Fieldset.Legend fontSize="lg" fontWeight="600" color="brand.leaf" mb="3">
        {legend}
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="6" rowGap="5">
        {children}
      </SimpleGrid>
    </Fieldset.Root>
  );
}

const wide = { base: 1, md: 2 } as const;

export function FlowerFields({ actor, storedItemCode, currentImages }: FlowerFieldsProps) {
  const updating = storedItemCode !== undefined;
  return (
    <>
      <FieldGroup legend="The flower">
        <AdminTextField actor={actor} name="flowerName" label="Flower Name" />
        {updating ? (
          <AdminReadOnlyField name="flowerItemCode" label="Item Code" value={storedItemCode} helperText="The item code cannot be changed" />
        ) : (
          <AdminTextField actor={actor} name="flowerItemCode" label="Item Code" />
        )}
      </FieldGroup>

      <FieldGroup legend="Price and stock">
        <AdminTextField actor={actor} name="mrp" label="MRP" inputMode="numeric" />
        <AdminTextField actor={actor} name="sellingPrice" label="Selling Price" inputMode="numeric" />
        <AdminTextField actor={actor} name="Quantity" label="Quantity" inputMode="numeric" />
      </FieldGroup>

      <FieldGroup legend="In the shop">
        <FlowerCategorySelects actor={actor} />
        <AdminSelect
          actor={actor}
          name="deliveryKind"
          label="Delivery"
          placeholder="As its category"
          choices={productDeliveryChoices.filter((choice) => choice.value !== '')}
          helperText="Leave as its category unless this flower travels differently"
        />
        <AdminTextField
          actor={actor}
          name="hsnCode"
          label="HSN code"
          inputMode="numeric"
          helperText="4, 6 or 8 digits; leave empty for its category's"
        />
        <GridItem colSpan={wide}>
          <AdminCheckbox
            actor={actor}
            name="isAddon"
            label="Add-on (offered with other flowers: cakes, chocolates, vases, cards, soft toys)"
            helperText="Shown under “Make it special” on product pages and in the bag while in stock"
          />
        </GridItem>
        <GridItem colSpan={wide}>
          <AdminCheckbox actor={actor} name="isRemoved" label="Removed from the shop" helperText="A removed product leaves the storefront at once" />
        </GridItem>
      </FieldGroup>

      <FieldGroup legend="What the shopper reads">
        <GridItem colSpan={wide}>
          <AdminTextField actor={actor} name="description" label="Description" multiline helperText={adminCatalogMessages.descriptionMax} />
        </GridItem>
        <AdminTextField actor={actor} name="shippingdetails" label="Shipping Details" multiline helperText={adminCatalogMessages.shippingMax} />
        <AdminTextField actor={actor} name="note" label="Note" multiline helperText={adminCatalogMessages.noteMax} />
      </FieldGroup>

      <FieldGroup legend="Pictures">
        <GridItem colSpan={wide}>
          <AdminImagePicker actor={actor} input="files" label="Images" helperText="PNG or JPEG; under 500 KB keeps the shop fast" current={currentImages ?? []} />
          {updating ? (
            <Text fontSize="sm" color="brand.muted" mt="2">
              Choosing new images replaces the current ones
            </Text>
          ) : null}
        </GridItem>
      </FieldGroup>
    </>
  );
}
