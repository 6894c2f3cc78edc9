/**
 * Delivery date and slot routes (issue 40): the public schedule the picker shows and the product page's "Check
 * delivery" answer, both on the server's clock; and the admin's Delivery slots calls (slots' fee, cut-off, capacity
 * and active; courier fee and Sundays; holidays), admins only: 401 to anonymous callers and 403 to guests and
 * customers before anything else is looked at.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  courierChange,
  courierSettingsRecord,
  deliverySchedule,
  deliverySettingsRecord,
  deliverySlotRecord,
  deliverySlotTexts,
  holidayParams,
  holidayRecord,
  holidayRequest,
  scheduleQuery,
  slotChange,
} from '../../../domain/delivery-schedule';
import { deliveryCheck, deliveryCheckQuery } from '../../../domain/delivery-check';
import { apiError } from '../../../domain/errors';
import { rowIdOf } from '../../../domain/fields';
import { adminRefusals, onlyAdmins } from '../admin/admin-only';
import {
  addHoliday,
  checkDelivery,
  deliveryScheduleFor,
  loadDeliverySettings,
  removeHoliday,
  updateCourierSettings,
  updateDeliverySlot,
} from './schedule.service';

/** `now` is the server's clock: the app's own unless a test fixes it. */
export function deliveryScheduleRoutes(now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/delivery/schedule',
      {
        schema: {
          tags: ['delivery'],
          summary: 'The next 30 days (India dates, today first) for hand or courier delivery, each open or not with why; hand delivery’s slots with window, fee and availability',
          querystring: scheduleQuery,
          response: { 200: deliverySchedule, 400: apiError },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return deliveryScheduleFor(app.db, request.query.kind, now());
      },
    );

    app.get(
      '/delivery/check',
      {
        schema: {
          tags: ['delivery'],
          summary: 'The product page’s “Check delivery”: whether and how soon hand or courier delivery reaches a pincode, in words, on the server’s clock',
          querystring: deliveryCheckQuery,
          response: { 200: deliveryCheck, 400: apiError, 404: apiError },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return checkDelivery(app.db, request.query, now());
      },
    );
  };
}

const slotParams = z.object({ id: rowIdOf(deliverySlotTexts.idInvalid) });

export const adminDeliverySlotsRoutes: FastifyPluginAsyncZod = async (app) => {
  onlyAdmins(app);

  app.get(
    '/admin/delivery/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delivery slots (inactive ones too), holidays and the courier settings',
        response: { 200: deliverySettingsRecord, ...adminRefusals },
      },
    },
    async () => loadDeliverySettings(app.db),
  );

  app.post(
    '/admin/delivery/slots/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a delivery slot’s fee (paise), cut-off (days before and India time), capacity per day and whether it is offered',
        params: slotParams,
        body: slotChange,
        response: { 200: deliverySlotRecord, 400: apiError, ...adminRefusals, 404: apiError },
      },
    },
    async (request) => updateDeliverySlot(app.db, request.params.id, request.body),
  );

  app.post(
    '/admin/delivery/courier',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the courier fee (paise) and whether Sundays are off for dispatch',
        body: courierChange,
        response: { 200: courierSettingsRecord, 400: apiError, ...adminRefusals },
      },
    },
    async (request) => updateCourierSettings(app.db, request.body),
  );

  app.post(
    '/admin/delivery/holidays',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a shop holiday: no hand delivery and no courier dispatch on that date',
        body: holidayRequest,
        response: { 200: holidayRecord, 400: apiError, ...adminRefusals, 409: apiError },
      },
    },
    async (request) => addHoliday(app.db, request.body),
  );

  app.post(
    '/admin/delivery/holidays/remove',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a shop holiday',
        body: holidayParams,
        response: { 200: holidayRecord, 400: apiError, ...adminRefusals, 404: apiError },
      },
    },
    async (request) => removeHoliday(app.db, request.body.date),
  );
};
