// /flowerform (Flower Data Form) and /flowerformupdate/{externalId} (Flower Data Update Form): the admin form machine
// with the product's fields; create posts flowerformdata, update loads getsingleflower and posts updateflowerdata.
import { useParams } from 'react-router-dom';
import type { AdminProduct } from '../../../domain/admin-catalog';
import { adminBlankValues } from '../../../domain/admin-forms';
import type { PickedFile } from '../../../domain/admin-forms';
import { createProduct, getProduct, updateProduct } from '../../api/admin';
import { flowerImageUrl } from '../../api/image-urls';
import { paths } from '../../app/paths';
import { AdminFormFrame } from './admin-form-frame';
import { AdminPage } from './admin-page';
import { FlowerFields } from './flower-fields';
import { useAdminForm } from './use-admin-form';

const backToList = { to: paths.flowerList, label: 'List of Flowers' };
const createTitle = 'Flower Data Form';
const updateTitle = 'Flower Data Update Form';

/** The picked images as the browser's files (the machine only knows their name, size and type). */
const imagesOf = (files: Record<string, PickedFile[]>): Blob[] =>
  (files.files ?? []).filter((file): file is PickedFile & Blob => file instanceof Blob);

/** A stored product as the form's text fields; the item code is shown, not sent (it cannot change). */
function productFormValues(product: AdminProduct): Record<string, string> {
  return {
    flowerName: product.productName,
    mrp: String(product.mrp),
    sellingPrice: String(product.sellingPrice),
    Quantity: String(product.quantity),
    description: product.description ?? '',
    shippingdetails: product.shippingDetails ?? '',
    note: product.note ?? '',
    isRemoved: String(product.isRemoved),
    isAddon: String(product.isAddon),
    deliveryKind: product.deliveryKind ?? '',
    hsnCode: product.hsnCode ?? '',
    flowerCategoryName: String(product.flowerCategoryId),
    flowerSubCategoryName: String(product.flowerSubCategoryId),
  };
}

export function FlowerCreatePage() {
  const actor = useAdminForm('productCreate', {
    load: () => Promise.resolve({ values: adminBlankValues('productCreate'), record: null }),
    submit: ({ values, files }) => createProduct(values, imagesOf(files)),
    listPath: paths.flowerList,
  });
  return (
    <AdminPage title={createTitle} back={backToList} narrow>
      <AdminFormFrame actor={actor} title={createTitle} submitLabel="Submit">
        <FlowerFields actor={actor} />
      </AdminFormFrame>
    </AdminPage>
  );
}

function FlowerUpdateForm({ externalId }: { externalId: string }) {
  const actor = useAdminForm('productUpdate', {
    load: async () => {
      const product = await getProduct(externalId);
      return { values: productFormValues(product), record: product };
    },
    submit: ({ values, files }) => updateProduct(externalId, values, imagesOf(files)),
    listPath: paths.flowerList,
  });
  // The record is what `load` above returned: the product, once loaded.
  const product = actor[0].context.record as AdminProduct | null;
  const currentImages =
    product && product.images.length > 0
      ? [{ url: flowerImageUrl(product.itemCode, 320), alt: `Current picture of ${product.productName}` }]
      : [];
  return (
    <AdminFormFrame actor={actor} title={updateTitle} submitLabel="Update" loadingLabel="Loading the flower…">
      <FlowerFields actor={actor} storedItemCode={product?.itemCode ?? ''} currentImages={currentImages} />
    </AdminFormFrame>
  );
}

export function FlowerUpdatePage() {
  const { id = '' } = useParams();
  return (
    <AdminPage title={updateTitle} back={backToList} narrow>
      {/* Another product's address starts a fresh form rather than keeping this one's values. */}
      <FlowerUpdateForm key={id} externalId={id} />
    </AdminPage>
  );
}
