// A moment as the shop's customers and admin read it, whatever the reader's own zone: the mails and the admin screens.

const india = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "2 December 2026, 4:05 pm IST". */
export function indiaTime(at: Date): string {
  const parts = india.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()} IST`;
}

/** India Standard Time is UTC+05:30 all year (no daylight saving since 1945). */
export const indiaOffsetMs = (5 * 60 + 30) * 60_000;

/** A calendar date, YYYY-MM-DD, as India's wall calendar reads it. */
export type IndiaDate = string;

const dayMs = 86_400_000;
/** The UTC midnight that stands for a calendar date in the date arithmetic below (never the host's zone). */
const dateMs = (date: IndiaDate): number => Date.parse(`${date}T00:00:00Z`);

/** The date in India at a moment: "2026-12-02" from 2026-12-02T18:29Z, "2026-12-03" from 18:30Z. */
export function indiaDateOf(at: Date): IndiaDate {
  return new Date(at.getTime() + indiaOffsetMs).toISOString().slice(0, 10);
}

/** The minutes since midnight on India's clock at a moment (0 to 1439). */
export function indiaMinuteOf(at: Date): number {
  return Math.floor(((at.getTime() + indiaOffsetMs) % dayMs + dayMs) % dayMs / 60_000);
}

/** The date `days` calendar days after `date` (before it when negative). */
export function addIndiaDays(date: IndiaDate, days: number): IndiaDate {
  return new Date(dateMs(date) + days * dayMs).toISOString().slice(0, 10);
}

/** The moment a date's wall clock in India shows `minute` minutes after midnight. */
export function indiaMoment(date: IndiaDate, minute: number): Date {
  return new Date(dateMs(date) + minute * 60_000 - indiaOffsetMs);
}

/** 0 for Sunday to 6 for Saturday. */
export function indiaWeekday(date: IndiaDate): number {
  return new Date(dateMs(date)).getUTCDay();
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isIndiaDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dateMs(value)) && new Date(dateMs(value)).toISOString().startsWith(value);
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** A date's parts as a reader sees them: { weekday: "Thursday", day: 3, month: "December" }. */
export function indiaDateParts(date: IndiaDate): { weekday: string; day: number; month: string } {
  const at = new Date(dateMs(date));
  return { weekday: weekdays[at.getUTCDay()]!, day: at.getUTCDate(), month: months[at.getUTCMonth()]! };
}
