// /deliveryarea (Delivery Area Form), /updatedeliveryarea/{id} (Delivery Area Update Form) and /deletedeliveryarea/{id}
// (Delete Delivery Area), issue 40: where the shop's own people deliver by hand, as pincodes and ranges, with an extra
// fee in whole rupees (paise on the wire). The admin form machine (deliveryAreaCreate / deliveryAreaUpdate /
// deliveryAreaDelete) owns the rules, messages and the return to the list; this module only says how the forms load
// and save.
import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { adminBlankValues } from '../../../domain/admin-forms';
import { formatPaise, paiseToRupees, rupeesToPaise } from '../../../domain/money';
import { serviceAreaTexts } from '../../../domain/service-area';
import type { ServiceArea, ServiceAreaRequest } from '../../../domain/service-area';
import { createDeliveryArea, deleteDeliveryArea, getDeliveryAreas, updateDeliveryArea } from '../../api/admin';
import { paths } from '../../app/paths';
import { AdminFormFrame } from './admin-form-frame';
import { AdminPage } from './admin-page';
import { AdminCheckbox, AdminTextField } from './admin-fields';
import { MissingRecord, rowIdOf } from './record-id';
import { useAdminForm } from './use-admin-form';
import type { AdminFormActor } from './use-admin-form';

const backToList = { to: paths.deliveryAreaList, label: 'Delivery Areas' };
const missing = { message: 'This delivery area does not exist.', back: { to: paths.deliveryAreaList, label: 'Back to the delivery areas' } };

function DeliveryAreaFields({ actor }: { actor: AdminFormActor }) {
  return (
    <>
      <AdminTextField actor={actor} name="name" label="Area Name" helperText="At most 60 characters, e.g. Chennai Central" />
      <AdminTextField
        actor={actor}
        name="pincodes"
        label="Pincodes"
        multiline
        helperText="6-digit pincodes and ranges, separated by commas: 600001-600042, 600078"
      />
      <AdminTextField
        actor={actor}
        name="extraFee"
        label="Extra Fee (Rs.)"
        inputMode="numeric"
        helperText="Whole rupees added to a hand delivery here; leave empty for none"
      />
      <AdminCheckbox actor={actor} name="active" label="Active" helperText="Only active areas are offered hand delivery." />
    </>
  );
}

/** The body both writes send: the fee goes in paise. */
const areaBody = (values: Record<string, string>): ServiceAreaRequest => ({
  name: values.name ?? '',
  pincodes: values.pincodes ?? '',
  extraFeePaise: rupeesToPaise(Number(values.extraFee || '0')),
  active: values.active !== 'false',
});

/** One area from the list (there is no single-area call); a missing one fails the load. */
async function loadArea(id: number): Promise<ServiceArea> {
  const area = (await getDeliveryAreas()).find((candidate) => candidate.id === id);
  if (!area) throw new Error(serviceAreaTexts.notFound);
  return area;
}

export function DeliveryAreaCreatePage() {
  const actor = useAdminForm('deliveryAreaCreate', {
    load: () => Promise.resolve({ values: { ...adminBlankValues('deliveryAreaCreate'), active: 'true' }, record: null }),
    submit: ({ values }) => createDeliveryArea(areaBody(values)),
    listPath: paths.deliveryAreaList,
  });
  return (
    <AdminPage title="Delivery Area Form" back={backToList} narrow>
      <AdminFormFrame actor={actor} title="Delivery Area Form" submitLabel="Submit">
        <DeliveryAreaFields actor={actor} />
      </AdminFormFrame>
    </AdminPage>
  );
}

function DeliveryAreaUpdateForm({ id }: { id: number }) {
  const actor = useAdminForm('deliveryAreaUpdate', {
    load: async () => {
      const area = await loadArea(id);
      return {
        values: {
          name: area.name,
          pincodes: area.pincodes,
          extraFee: area.extraFeePaise === 0 ? '' : String(paiseToRupees(area.extraFeePaise)),
          active: String(area.active),
        },
        record: area,
      };
    },
    submit: ({ values }) => updateDeliveryArea(id, areaBody(values)),
    listPath: paths.deliveryAreaList,
  });
  return (
    <Stack gap="6">
      <AdminFormFrame actor={actor} title="Delivery Area Update Form" submitLabel="Update">
        <DeliveryAreaFields actor={actor} />
      </AdminFormFrame>
      {actor[0].matches('editing') ? (
        <Link asChild color="red.700" fontWeight="medium" alignSelf="flex-start">
          <RouterLink to={paths.deleteDeliveryArea(id)}>Delete this delivery area</RouterLink>
        </Link>
      ) : null}
    </Stack>
  );
}

export function DeliveryAreaUpdatePage() {
  const id = rowIdOf(useParams().id);
  return (
    <AdminPage title="Delivery Area Update Form" back={backToList} narrow>
      {/* A new id is a new form: the machine loads that area afresh. */}
      {id === null ? <MissingRecord {...missing} /> : <DeliveryAreaUpdateForm key={id} id={id} />}
    </AdminPage>
  );
}

function DeliveryAreaDeleteForm({ id }: { id: number }) {
  const actor = useAdminForm('deliveryAreaDelete', {
    load: async () => ({ values: {}, record: await loadArea(id) }),
    submit: () => deleteDeliveryArea(id),
    listPath: paths.deliveryAreaList,
  });
  // The machine keeps the record opaque; this page fills it, always with a ServiceArea.
  const area = actor[0].context.record as ServiceArea | null;
  return (
    <AdminFormFrame actor={actor} title="Delete Delivery Area" submitLabel="Delete" danger>
      {area ? (
        <Stack gap="2">
          <Text>
            Delete the delivery area <strong>{area.name}</strong>? Hand delivery to its pincodes stops at once; courier
            delivery still reaches them.
          </Text>
          <Text color="brand.muted">
            Pincodes: {area.pincodes} · Extra fee: {formatPaise(area.extraFeePaise)} · {area.active ? 'Active' : 'Not active'}
          </Text>
        </Stack>
      ) : null}
    </AdminFormFrame>
  );
}

export function DeliveryAreaDeletePage() {
  const id = rowIdOf(useParams().id);
  return (
    <AdminPage title="Delete Delivery Area" back={id === null ? backToList : { to: paths.updateDeliveryArea(id), label: 'Delivery Area Update Form' }} narrow>
      {id === null ? <MissingRecord {...missing} /> : <DeliveryAreaDeleteForm key={id} id={id} />}
    </AdminPage>
  );
}
