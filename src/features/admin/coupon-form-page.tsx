// /admincouponform (Coupon Form) and /admincouponform/{id} (Coupon Update Form), issue 42: a code's terms — percent or
// flat, the minimum order and the cap, India dates both ends included, usage limits, first order only, the categories
// it is limited to, and whether it is active. The admin form machine (couponCreate / couponUpdate) owns the rules,
// messages and the return to the list; the server's refusal (a taken code, a percent over 100, dates in the wrong
// order) shows as the form's message. This module only says how the form loads and saves.
import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { adminBlankValues } from '../../../domain/admin-forms';
import type { AdminCategory } from '../../../domain/admin-catalog';
import { couponTexts } from '../../../domain/coupons';
import type { Coupon, CouponInput, CouponKind } from '../../../domain/coupons';
import { getCategories } from '../../api/admin';
import { createCoupon, getCoupon, updateCoupon } from '../../api/coupons';
import { paths } from '../../app/paths';
import { useRemote } from '../../app/use-remote';
import { AdminFormFrame } from './admin-form-frame';
import { AdminPage } from './admin-page';
import { AdminCheckbox, AdminSelect, AdminTextField } from './admin-fields';
import { MissingRecord, rowIdOf } from './record-id';
import { useAdminForm } from './use-admin-form';
import type { AdminFormActor } from './use-admin-form';

const backToList = { to: paths.adminCoupons, label: 'Coupons' };
const missing = { message: 'This coupon does not exist.', back: { to: paths.adminCoupons, label: 'Back to the coupons' } };
const kindChoices = [
  { value: 'percent', label: 'Percent off' },
  { value: 'flat', label: 'Flat amount off (Rs.)' },
];

/** The categories a coupon is limited to, as checkboxes from the catalogue; none ticked is every product. */
function CouponCategories({ actor }: { actor: AdminFormActor }) {
  const [snapshot, send] = actor;
  const categories = useRemote('admin-categories', getCategories);
  const chosen = new Set((snapshot.context.values.categoryIds ?? '').split(',').filter(Boolean));
  const busy = !snapshot.matches('editing');
  const toggle = (category: AdminCategory, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(String(category.id));
    else next.delete(String(category.id));
    send({ type: 'field.change', field: 'categoryIds', value: [...next].sort((a, b) => Number(a) - Number(b)).join(',') });
  };
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium" color="brand.ink">
        Categories
      </Fieldset.Legend>
      <Fieldset.HelperText color="brand.muted">Leave all unticked for every product; tick some to limit the coupon to them.</Fieldset.HelperText>
      {categories.status === 'ready' ? (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" mt="2">
          {categories.data.map((category) => (
            <Checkbox.Root
              key={category.id}
              colorPalette="leaf"
              name="categoryIds"
              value={String(category.id)}
              checked={chosen.has(String(category.id))}
              disabled={busy}
              onCheckedChange={(details) => toggle(category, details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{category.categoryName}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      ) : (
        <Text fontSize="sm" color="brand.muted">
          {categories.status === 'loading' ? 'Loading categories…' : 'The categories did not load'}
        </Text>
      )}
    </Fieldset.Root>
  );
}

function CouponFields({ actor }: { actor: AdminFormActor }) {
  const percent = actor[0].context.values.kind !== 'flat';
  return (
    <>
      <AdminTextField actor={actor} name="code" label="Code" helperText={`${couponTexts.codeInvalid}; buyers may type it in any case`} />
      <AdminTextField actor={actor} name="description" label="Description" helperText="What the buyer is told, e.g. Ten percent off for Diwali" />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <AdminSelect actor={actor} name="kind" label="Kind" choices={kindChoices} placeholder="Choose a kind" />
        <AdminTextField actor={actor} name="value" label={percent ? 'Percent off' : 'Amount off (Rs.)'} inputMode="numeric" helperText={percent ? 'A whole number from 1 to 100' : 'Whole rupees'} />
        <AdminTextField actor={actor} name="minOrder" label="Minimum order (Rs.)" inputMode="numeric" helperText="Of the goods it applies to; empty for none" />
        <AdminTextField actor={actor} name="maxDiscount" label="Maximum discount (Rs.)" inputMode="numeric" helperText="Caps a percent; empty for no cap" />
        <AdminTextField actor={actor} name="validFrom" label="Valid from" type="date" helperText="India date, from midnight" />
        <AdminTextField actor={actor} name="validTo" label="Valid to" type="date" helperText="India date, to the end of the day" />
        <AdminTextField actor={actor} name="totalLimit" label="Total uses" inputMode="numeric" helperText="Empty for no limit" />
        <AdminTextField actor={actor} name="perBuyerLimit" label="Uses per buyer" inputMode="numeric" helperText="Empty for no limit" />
      </SimpleGrid>
      <CouponCategories actor={actor} />
      <Stack gap="3">
        <AdminCheckbox actor={actor} name="firstOrderOnly" label="First order only" helperText="Only for a buyer with no paid order yet." />
        <AdminCheckbox actor={actor} name="active" label="Active" helperText="An inactive coupon is refused as unknown; its history stays." />
      </Stack>
    </>
  );
}

const wholeOrNull = (value: string | undefined) => (value ? Number(value) : null);

/** The body both writes send. */
export const couponBody = (values: Record<string, string>): CouponInput => ({
  code: values.code ?? '',
  description: values.description ?? '',
  kind: (values.kind === 'flat' ? 'flat' : 'percent') satisfies CouponKind,
  value: Number(values.value ?? '0'),
  minOrderRupees: Number(values.minOrder || '0'),
  maxDiscountRupees: wholeOrNull(values.maxDiscount),
  validFrom: values.validFrom ?? '',
  validTo: values.validTo ?? '',
  totalLimit: wholeOrNull(values.totalLimit),
  perBuyerLimit: wholeOrNull(values.perBuyerLimit),
  firstOrderOnly: values.firstOrderOnly === 'true',
  categoryIds: (values.categoryIds ?? '').split(',').filter(Boolean).map(Number),
  active: values.active !== 'false',
});

/** A stored coupon as the form's text fields. */
const couponValues = (coupon: Coupon): Record<string, string> => ({
  code: coupon.code,
  description: coupon.description,
  kind: coupon.kind,
  value: String(coupon.value),
  minOrder: coupon.minOrderRupees === 0 ? '' : String(coupon.minOrderRupees),
  maxDiscount: coupon.maxDiscountRupees === null ? '' : String(coupon.maxDiscountRupees),
  validFrom: coupon.validFrom,
  validTo: coupon.validTo,
  totalLimit: coupon.totalLimit === null ? '' : String(coupon.totalLimit),
  perBuyerLimit: coupon.perBuyerLimit === null ? '' : String(coupon.perBuyerLimit),
  firstOrderOnly: String(coupon.firstOrderOnly),
  categoryIds: coupon.categoryIds.join(','),
  active: String(coupon.active),
});

export function CouponCreatePage() {
  const actor = useAdminForm('couponCreate', {
    load: () => Promise.resolve({ values: adminBlankValues('couponCreate'), record: null }),
    submit: ({ values }) => createCoupon(couponBody(values)),
    listPath: paths.adminCoupons,
  });
  return (
    <AdminPage title="Coupon Form" back={backToList} narrow>
      <AdminFormFrame actor={actor} title="Coupon Form" submitLabel="Submit">
        <CouponFields actor={actor} />
      </AdminFormFrame>
    </AdminPage>
  );
}

function CouponUpdateForm({ id }: { id: number }) {
  const actor = useAdminForm('couponUpdate', {
    load: async () => {
      const coupon = await getCoupon(id);
      if (!coupon) throw new Error(couponTexts.notFound);
      return { values: couponValues(coupon), record: coupon };
    },
    submit: ({ values }) => updateCoupon(id, couponBody(values)),
    listPath: paths.adminCoupons,
  });
  const coupon = actor[0].context.record as Coupon | null;
  return (
    <AdminFormFrame actor={actor} title="Coupon Update Form" submitLabel="Update">
      {coupon ? (
        <Text color="brand.muted" fontSize="sm">
          Used {coupon.uses} {coupon.uses === 1 ? 'time' : 'times'} so far.
        </Text>
      ) : null}
      <CouponFields actor={actor} />
    </AdminFormFrame>
  );
}

export function CouponUpdatePage() {
  const id = rowIdOf(useParams().id);
  return (
    <AdminPage title="Coupon Update Form" back={backToList} narrow>
      {/* A new id is a new form: the machine loads that coupon afresh. */}
      {id === null ? <MissingRecord {...missing} /> : <CouponUpdateForm key={id} id={id} />}
    </AdminPage>
  );
}
