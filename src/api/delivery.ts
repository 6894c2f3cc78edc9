// Delivery (issue 40, docs/api.md "Delivery"): the public schedule, the product page's delivery check, the admin's
// Delivery slots and Deliveries board calls, one function per endpoint, replies parsed with domain/delivery-*.ts;
// failures are ApiCallErrors.
import {
  courierSettingsRecord,
  deliverySchedule,
  deliverySettingsRecord,
  deliverySlotRecord,
  holidayRecord,
} from '../../domain/delivery-schedule';
import type { DeliverySchedule, DeliverySettingsRecord, SlotChange } from '../../domain/delivery-schedule';
import type { DeliveryKind } from '../../domain/delivery-kind';
import { deliveryCheck } from '../../domain/delivery-check';
import type { DeliveryCheck } from '../../domain/delivery-check';
import { deliveryBoard, deliveryStatusReply } from '../../domain/delivery-board';
import type { DeliveryBoard, DeliveryStatusChange, DeliveryStatusReply } from '../../domain/delivery-board';
import { deliveryReach } from '../../domain/service-area';
import type { DeliveryReach } from '../../domain/service-area';
import { call } from './call-error';
import { api } from './client';

/** `GET delivery/schedule?kind=` */
export const getDeliverySchedule = (kind: DeliveryKind): Promise<DeliverySchedule> =>
  call(() => api.get('delivery/schedule', { searchParams: { kind } }).json(), deliverySchedule);

/** `GET delivery/reach?pincode=`: whether hand delivery reaches a pincode, and its area's extra fee. */
export const getDeliveryReach = (pincode: string): Promise<DeliveryReach> =>
  call(() => api.get('delivery/reach', { searchParams: { pincode } }).json(), deliveryReach);

/** `GET admin/delivery/settings` */
export const getDeliverySettings = (): Promise<DeliverySettingsRecord> => call(() => api.get('admin/delivery/settings').json(), deliverySettingsRecord);

/** `POST admin/delivery/slots/{id}` */
export const updateDeliverySlot = (id: number, change: SlotChange) =>
  call(() => api.post(`admin/delivery/slots/${id}`, { json: change }).json(), deliverySlotRecord);

/** `POST admin/delivery/courier` */
export const updateCourierSettings = (change: { feePaise: number; sundaysOff: boolean }) =>
  call(() => api.post('admin/delivery/courier', { json: change }).json(), courierSettingsRecord);

/** `POST admin/delivery/holidays` */
export const addDeliveryHoliday = (holiday: { date: string; note: string }) =>
  call(() => api.post('admin/delivery/holidays', { json: holiday }).json(), holidayRecord);

/** `POST admin/delivery/holidays/remove` */
export const removeDeliveryHoliday = (date: string) => call(() => api.post('admin/delivery/holidays/remove', { json: { date } }).json(), holidayRecord);

/** `GET delivery/check?pincode=&kind=`: the product page's "Check delivery" answer. */
export const checkDelivery = (query: { pincode: string; kind: DeliveryKind }): Promise<DeliveryCheck> =>
  call(() => api.get('delivery/check', { searchParams: query }).json(), deliveryCheck);

/** `GET admin/deliveries?date=`: the day's board (today in India without a date). */
export const getDeliveryBoard = (date: string | null): Promise<DeliveryBoard> =>
  call(() => api.get('admin/deliveries', date ? { searchParams: { date } } : {}).json(), deliveryBoard);

/** `POST admin/deliveries/{id}/status` */
export const setDeliveryStatus = (id: number, change: DeliveryStatusChange): Promise<DeliveryStatusReply> =>
  call(() => api.post(`admin/deliveries/${id}/status`, { json: change }).json(), deliveryStatusReply);
