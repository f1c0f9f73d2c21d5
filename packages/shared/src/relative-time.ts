/**
 * Relative time (conversation list, message times): under a minute 'just now',
 * then minutes, hours, days up to 6, weeks up to 3, months up to 3, and past that the full date
 * (yyyy-MM-dd HH:mm). The words belong to the caller's language, so this answers a unit and a count.
 */
export type RelativeTime =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days' | 'weeks' | 'months'; count: number }
  | { unit: 'date'; text: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** A month for this purpose: 30 days (the display is approximate by design). */
const MONTH = 30 * DAY;

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm in local time, the default date format. */
export function formatDateTime(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function relativeTime(time: number, now: number = Date.now()): RelativeTime {
  // A time slightly ahead of this clock (another machine's) still reads as 'just now'.
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return { unit: 'justNow' };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < WEEK) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  if (elapsed < 4 * WEEK) return { unit: 'weeks', count: Math.floor(elapsed / WEEK) };
  if (elapsed < 4 * MONTH) return { unit: 'months', count: Math.max(1, Math.floor(elapsed / MONTH)) };
  return { unit: 'date', text: formatDateTime(time) };
}
