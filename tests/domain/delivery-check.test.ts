// The product page's "Check delivery" answer in words, with a fixed clock over the demo's default slots (migration
// 0017): before and after the same-day cut-offs, a shop holiday, a pincode outside the service areas, an area with an
// extra fee, courier dispatch over a Sunday, and no open date at all.
import { describe, expect, it } from 'vitest';
import { dayWords, deliveryCheckAnswer } from '../../domain/delivery-check';
import { buildSchedule } from '../../domain/delivery-schedule';
import type { DeliverySlot, ScheduleSettings } from '../../domain/delivery-schedule';
import type { DeliveryKind } from '../../domain/delivery-kind';
import type { PincodeEntry } from '../../domain/pincode';
import type { DeliveryReach } from '../../domain/service-area';
import { chennaiTodayAnswer } from './delivery-check-fixtures';

const slot = (id: number, name: string, kind: DeliverySlot['kind'], start: string, end: string, cutoffTime: string, cutoffDaysBefore = 0): DeliverySlot => ({
  id,
  name,
  kind,
  start,
  end,
  feePaise: kind === 'standard' ? 0 : 15000,
  cutoffDaysBefore,
  cutoffTime,
  capacity: 20,
  position: id,
  active: true,
});

/** The migration's defaults: Standard until 4 pm, six fixed windows, Early morning the day before, Midnight until 6 pm. */
const defaults = (): ScheduleSettings => ({
  slots: [
    slot(1, 'Standard', 'standard', '09:00', '21:00', '16:00'),
    slot(2, 'Fixed time', 'fixed', '09:00', '11:00', '07:00'),
    slot(3, 'Fixed time', 'fixed', '11:00', '13:00', '09:00'),
    slot(4, 'Fixed time', 'fixed', '13:00', '15:00', '11:00'),
    slot(5, 'Fixed time', 'fixed', '15:00', '17:00', '13:00'),
    slot(6, 'Fixed time', 'fixed', '17:00', '19:00', '15:00'),
    slot(7, 'Fixed time', 'fixed', '19:00', '21:00', '17:00'),
    slot(8, 'Early morning', 'early', '07:00', '09:00', '21:00', 1),
    slot(9, 'Midnight', 'midnight', '23:00', '23:59', '18:00'),
  ],
  holidays: [],
  courier: { feePaise: 0, sundaysOff: true },
});

const chennai: PincodeEntry = { pincode: '600004', locality: 'Mandaveli', district: 'Chennai', state: 'Tamil Nadu', stateCode: '33', alsoIn: [] };
const leh: PincodeEntry = { pincode: '194101', locality: 'Leh', district: 'Leh', state: 'Ladakh', stateCode: '38', alsoIn: [] };
const mumbai: PincodeEntry = { pincode: '400001', locality: 'Mumbai', district: 'Mumbai', state: 'Maharashtra', stateCode: '27', alsoIn: [] };

const inArea = (pincode: PincodeEntry, extraFeePaise = 0): DeliveryReach => ({ pincode, hand: { area: pincode.district, extraFeePaise }, courier: true });
const outside = (pincode: PincodeEntry): DeliveryReach => ({ pincode, hand: null, courier: true });

/** India time written as UTC: 2026-12-03 15:59 IST (a Thursday) is 10:29Z. */
function answer(kind: DeliveryKind, reach: DeliveryReach, nowUtc: string, settings = defaults()) {
  const schedule = buildSchedule({ settings, bookings: [], kind, now: new Date(nowUtc) });
  return deliveryCheckAnswer({ kind, reach, schedule });
}

describe('Check delivery: hand delivery inside a service area', () => {
  it('offers today by 9 pm until the Standard cut-off at 4 pm', () => {
    expect(answer('hand', inArea(chennai), '2026-12-03T10:29:00Z')).toEqual(chennaiTodayAnswer);
  });

  it('after 4 pm offers the slots still open today, then any slot from tomorrow', () => {
    // 4 pm: the last fixed window (7 to 9 pm) takes orders until 5 pm.
    expect(answer('hand', inArea(chennai), '2026-12-03T10:30:00Z').message).toBe(
      'Delivery to 600004, Chennai: today by 9 pm (Fixed time slot), or from tomorrow',
    );
    // 5 pm to 5:59 pm: only Midnight is left today.
    expect(answer('hand', inArea(chennai), '2026-12-03T12:29:00Z').message).toBe(
      'Delivery to 600004, Chennai: today by midnight (Midnight slot), or from tomorrow',
    );
  });

  it('after the Midnight cut-off at 6 pm starts tomorrow, till the day’s last minute', () => {
    const late = answer('hand', inArea(chennai), '2026-12-03T12:30:00Z');
    expect(late).toMatchObject({ deliverable: true, date: '2026-12-04' });
    expect(late.message).toBe('Delivery to 600004, Chennai: tomorrow by 9 pm');
    // At 11:59 pm India time it is still Thursday: tomorrow is Friday, and Friday's Early morning has closed at 9 pm.
    expect(answer('hand', inArea(chennai), '2026-12-03T18:29:00Z').message).toBe('Delivery to 600004, Chennai: tomorrow by 9 pm');
  });

  it('skips a shop holiday and names the weekday and date beyond tomorrow', () => {
    const settings = { ...defaults(), holidays: [{ date: '2026-12-04', note: 'Karthigai Deepam' }] };
    expect(answer('hand', inArea(chennai), '2026-12-03T12:30:00Z', settings)).toMatchObject({
      date: '2026-12-05',
      message: 'Delivery to 600004, Chennai: on Saturday, 5 December by 9 pm',
    });
  });

  it('adds the area’s extra fee', () => {
    expect(answer('hand', inArea(mumbai, 9900), '2026-12-03T04:30:00Z').message).toBe(
      'Delivery to 400001, Mumbai: today by 9 pm. An extra Rs. 99 applies for this area.',
    );
  });

  it('says so when no day in the next 30 is open', () => {
    const settings = { ...defaults(), slots: defaults().slots.map((one) => ({ ...one, active: false })) };
    expect(answer('hand', inArea(chennai), '2026-12-03T04:30:00Z', settings)).toMatchObject({
      deliverable: false,
      date: null,
      message: 'Delivery to 600004, Chennai: no delivery date is open in the next 30 days. Please check again later.',
    });
  });
});

describe('Check delivery: outside the service areas and by courier', () => {
  it('tells a fresh-flower buyer outside the areas that only the everlasting ones go there', () => {
    expect(answer('hand', outside(leh), '2026-12-03T04:30:00Z')).toEqual({
      pincode: '194101',
      place: 'Leh',
      kind: 'hand',
      deliverable: false,
      date: null,
      message: 'We do not deliver fresh flowers to 194101, Leh yet. Our everlasting arrangements reach it by courier.',
    });
  });

  it('promises courier delivery from the next dispatch day, skipping Sunday', () => {
    expect(answer('courier', outside(leh), '2026-12-03T04:30:00Z')).toMatchObject({
      deliverable: true,
      date: '2026-12-04',
      message: 'Delivery to 194101, Leh: by courier in 2 to 5 business days, dispatched tomorrow',
    });
    // Saturday 5 December: Sunday is off, so Monday.
    expect(answer('courier', inArea(chennai), '2026-12-05T04:30:00Z').message).toBe(
      'Delivery to 600004, Chennai: by courier in 2 to 5 business days, dispatched Monday, 7 December',
    );
  });

  it('words dates as today, tomorrow, or weekday and date', () => {
    expect(dayWords('2026-12-03', '2026-12-03')).toBe('today');
    expect(dayWords('2026-12-04', '2026-12-03')).toBe('tomorrow');
    expect(dayWords('2027-01-01', '2026-12-31')).toBe('tomorrow');
    expect(dayWords('2026-12-07', '2026-12-03')).toBe('Monday, 7 December');
  });
});
