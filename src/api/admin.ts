// The admin area's calls (SPEC.md §7 "Admin", docs/api.md "Admin"): one function per endpoint, replies parsed with
// their domain/ contracts. Reads reject with an ApiCallError; the forms' writes resolve the form machine's outcome
// (saved, or refused with the message the admin sees) and reject only when no answer came back. Marking a message read
// is no form: it answers the message, or rejects like a read.
import {
  adminCatalogMessages,
  adminCategory,
  adminCategoryList,
  adminProduct,
  adminProductList,
  adminSubCategory,
  adminSubCategoryList,
} from '../../domain/admin-catalog';
import type {
  AdminCategory,
  AdminProduct,
  AdminSubCategory,
  CreateCategoryRequest,
} from '../../domain/admin-catalog';
import { contactMessageRecord, contactMessageRecords, unreadMessageCount } from '../../domain/admin-messages';
import type { ContactMessageRecord } from '../../domain/admin-messages';
import { failedMails, resendMailReply } from '../../domain/admin-mail';
import type { FailedMail } from '../../domain/admin-mail';
import { neverPurchasedUsers, purchaseRecord, purchaseRecords, updatePurchaseReply } from '../../domain/admin-orders';
import type { NeverPurchasedUser, PurchaseRecord, UpdatePurchaseRequest } from '../../domain/admin-orders';
import { serviceAreas } from '../../domain/service-area';
import type { ServiceArea, ServiceAreaRequest } from '../../domain/service-area';
import type { SiteImageSlot } from '../../domain/site-images';
import { shopSettings } from '../../domain/shop-settings';
import type { ShopSettings } from '../../domain/shop-settings';
import type { AdminFormOutcome } from '../../machines/admin-form.machine';
import type { PurchaseAction, PurchaseActionOutcome } from '../../machines/purchase-action.machine';
import { call, toCallError } from './call-error';
import { refusedWith, write } from './form-write';
import { api } from './client';
import { downloadedFile } from './file-download';
import type { DocumentSeries, DownloadedFile } from './file-download';

// ---- Reads ----------------------------------------------------------------------------------------------------------

/** `GET flowercategorylist` */
export const getCategories = (): Promise<AdminCategory[]> => call(() => api.get('flowercategorylist').json(), adminCategoryList);

/** `GET getsingleflowercategory?id=` */
export const getCategory = (id: number): Promise<AdminCategory> =>
  call(() => api.get('getsingleflowercategory', { searchParams: { id } }).json(), adminCategory);

/** `GET subflowercategorylist` */
export const getSubCategories = (): Promise<AdminSubCategory[]> =>
  call(() => api.get('subflowercategorylist').json(), adminSubCategoryList);

/** `GET subproductcategorylist/{categoryId}`: the sub-categories a product of that category can go in. */
export const getSubCategoriesOf = (categoryId: number): Promise<AdminSubCategory[]> =>
  call(() => api.get(`subproductcategorylist/${categoryId}`).json(), adminSubCategoryList);

/** `GET getsubflowercategorybyid?id=` */
export const getSubCategory = (id: number): Promise<AdminSubCategory> =>
  call(() => api.get('getsubflowercategorybyid', { searchParams: { id } }).json(), adminSubCategory);

/** `GET getproductdata`: every product, removed ones included. */
export const getProducts = (): Promise<AdminProduct[]> => call(() => api.get('getproductdata').json(), adminProductList);

/** `GET getsingleflower?product_ext_id=` */
export const getProduct = (externalId: string): Promise<AdminProduct> =>
  call(() => api.get('getsingleflower', { searchParams: { product_ext_id: externalId } }).json(), adminProduct);

/** `GET users/purchases/list`: paid orders, newest first. */
export const getPurchases = (): Promise<PurchaseRecord[]> => call(() => api.get('users/purchases/list').json(), purchaseRecords);

/** `GET getSinglePurchase?id=` */
export const getPurchase = (id: number): Promise<PurchaseRecord> =>
  call(() => api.get('getSinglePurchase', { searchParams: { id } }).json(), purchaseRecord);

/** `GET getpurchasedocument?id=`: a purchase's invoice (or credit note) as a PDF file. */
export const getPurchaseDocument = (id: number, series: DocumentSeries): Promise<DownloadedFile> =>
  downloadedFile('getpurchasedocument', { id, series }, 'document.pdf');

/** `GET getuserneverpurchase` */
export const getNeverPurchasedUsers = (): Promise<NeverPurchasedUser[]> =>
  call(() => api.get('getuserneverpurchase').json(), neverPurchasedUsers);

/** `GET admin/messages`: Contact Us messages, newest first. */
export const getContactMessages = (): Promise<ContactMessageRecord[]> =>
  call(() => api.get('admin/messages').json(), contactMessageRecords);

/** `GET admin/messages/unread`: how many messages are unread. */
export const getUnreadMessageCount = async (): Promise<number> =>
  (await call(() => api.get('admin/messages/unread').json(), unreadMessageCount)).unread;
/** `GET admin/mails?status=failed`: the mails the mail server refused for good, the latest failure first. */
export const getFailedMails = (): Promise<FailedMail[]> =>
  call(() => api.get('admin/mails', { searchParams: { status: 'failed' } }).json(), failedMails);

/** `POST admin/mails/{id}/resend`: rejects with the ApiCallError (a 409 when the mail has not failed). */
export const resendMail = (id: number): Promise<{ message: string }> =>
  call(() => api.post(`admin/mails/${id}/resend`).json(), resendMailReply);

/** `GET admin/delivery-areas`: the service areas for hand delivery, by name. */
export const getDeliveryAreas = (): Promise<ServiceArea[]> => call(() => api.get('admin/delivery-areas').json(), serviceAreas);

/** `GET admin/settings`: the shop's legal details and document settings. */
export const getShopSettings = (): Promise<ShopSettings> => call(() => api.get('admin/settings').json(), shopSettings);

// ---- Writes ---------------------------------------------------------------------------------------------------------

/** Multipart body from text fields and picked files (the `files` parts keep their order). */
function formData(values: Record<string, string>, files: readonly Blob[] = [], fileField = 'files'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  // The picked file's own name travels with it (a bare Blob would arrive as "blob").
  for (const file of files) body.append(fileField, file, 'name' in file && typeof file.name === 'string' ? file.name : 'image');
  return body;
}

/** `POST createflowercategory` */
export const createCategory = (body: Omit<CreateCategoryRequest, 'deliveryKind' | 'hsnCode'> & { deliveryKind: string; hsnCode: string }): Promise<AdminFormOutcome> =>
  write(() => api.post('createflowercategory', { json: body }).text(), refusedWith(adminCatalogMessages.createCategoryFailed));

/** `POST admin/settings`: saved whole, or refused with the first problem's message. */
export const saveShopSettings = (body: ShopSettings): Promise<AdminFormOutcome> =>
  write(() => api.post('admin/settings', { json: body }).text(), refusedWith('The settings could not be saved. Please try again.'));

/** `POST updateflowercategory`: CategoryGst empty = no GST. */
export const updateCategory = (body: {
  id: number;
  categoryName: string;
  categoryDescription: string;
  CategoryGst: string;
  deliveryKind: string;
  hsnCode: string;
}): Promise<AdminFormOutcome> =>
  write(() => api.post('updateflowercategory', { json: body }).text(), refusedWith(adminCatalogMessages.updateFailed));

/** `POST createsubflowercategory`: productCategoryName is the parent category's id. */
export const createSubCategory = (body: {
  subCategoryName: string;
  subCategoryDescription: string;
  productCategoryName: string;
}): Promise<AdminFormOutcome> =>
  write(
    () => api.post('createsubflowercategory', { json: body }).text(),
    refusedWith(adminCatalogMessages.createCategoryFailed),
  );

/** `POST flowersubproductcategoryupdate` */
export const updateSubCategory = (body: {
  id: number;
  subCategoryName: string;
  subCategoryDescription: string;
  productCategoryName: string;
}): Promise<AdminFormOutcome> =>
  write(
    () => api.post('flowersubproductcategoryupdate', { json: body }).text(),
    refusedWith(adminCatalogMessages.updateFailed),
  );

/** A duplicate product name is worded as the spec's form says it ("Product name already exist"). */
const productRefusal = (fallback: string) => (status: number, serverMessage: string | null) =>
  serverMessage === adminCatalogMessages.productNameExists
    ? adminCatalogMessages.productNameExistsToast
    : refusedWith(fallback)(status, serverMessage);

/** `POST flowerformdata` (multipart): the form's fields and one `files` part per image. */
export const createProduct = (values: Record<string, string>, images: readonly Blob[]): Promise<AdminFormOutcome> =>
  write(
    () => api.post('flowerformdata', { body: formData(values, images) }).text(),
    productRefusal(adminCatalogMessages.fillAllFields),
  );

/** `POST updateflowerdata` (multipart): images given replace the product's; none keeps them. */
export const updateProduct = (
  externalId: string,
  values: Record<string, string>,
  images: readonly Blob[],
): Promise<AdminFormOutcome> =>
  write(
    () => api.post('updateflowerdata', { body: formData({ ...values, id: externalId }, images) }).text(),
    productRefusal(adminCatalogMessages.updateFailed),
  );

/** `POST heroimage?fileName=`: one hero or bottom-banner image. */
export const uploadSiteImage = (slot: SiteImageSlot, image: Blob): Promise<AdminFormOutcome> =>
  write(
    () => api.post('heroimage', { searchParams: { fileName: slot }, body: formData({}, [image]) }).text(),
    refusedWith(adminCatalogMessages.updateFailed),
  );

/** `POST updatepurchaseorder`: the customer is mailed when the status or link changed. */
export const updatePurchase = (body: UpdatePurchaseRequest): Promise<AdminFormOutcome> =>
  write(
    async () => updatePurchaseReply.parse(await api.post('updatepurchaseorder', { json: body }).json()),
    refusedWith(adminCatalogMessages.updateFailed),
  );

/** `POST admin/messages/{id}/read`: the message as it now is. */
export const markMessageRead = (id: number, read: boolean): Promise<ContactMessageRecord> =>
  call(() => api.post(`admin/messages/${id}/read`, { json: { read } }).json(), contactMessageRecord);

/**
 * `POST refundpurchaseorder` / `POST cancelpurchaseorder`: done with the server's message, or refused with its
 * message (a 409 for an order in the wrong state, a 502 when the payment provider said no).
 */
export async function runPurchaseAction(action: PurchaseAction, id: number): Promise<PurchaseActionOutcome> {
  try {
    const reply = updatePurchaseReply.parse(await api.post(`${action}purchaseorder`, { json: { id } }).json());
    return { ok: true, message: reply.message };
  } catch (error) {
    const failure = await toCallError(error);
    if (failure.status === null || !failure.serverMessage) throw failure;
    return { ok: false, message: failure.serverMessage };
  }
}

/** `POST admin/delivery-areas`: a 409 when the name is taken (any case), a 400 with the field's message. */
export const createDeliveryArea = (body: ServiceAreaRequest): Promise<AdminFormOutcome> =>
  write(() => api.post('admin/delivery-areas', { json: body }).json(), refusedWith(adminCatalogMessages.updateFailed));

/** `POST admin/delivery-areas/{id}` */
export const updateDeliveryArea = (id: number, body: ServiceAreaRequest): Promise<AdminFormOutcome> =>
  write(() => api.post(`admin/delivery-areas/${id}`, { json: body }).json(), refusedWith(adminCatalogMessages.updateFailed));

/** `POST admin/delivery-areas/{id}/delete` */
export const deleteDeliveryArea = (id: number): Promise<AdminFormOutcome> =>
  write(() => api.post(`admin/delivery-areas/${id}/delete`).json(), refusedWith(adminCatalogMessages.updateFailed));
