/**
 * Number, size and date formatting shared by table cells, details, prints and the server's exports,
 * so a value reads the same wherever it is shown.
 */
export const KB = 1024;
export const MB = 1_048_576;
export const GB = 1_073_741_824;

export type SizeUnit = 'KB' | 'MB' | 'GB';
export const SIZE_UNITS: Record<SizeUnit, number> = { KB, MB, GB };

/** Default date format of the form widgets: year-month-day hour:minute:second. */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A time (ms) in a pattern of yyyy, MM, dd, HH, mm, ss (and M, d, H, m, s unpadded), in local time.
 * Anything else in the pattern is kept as written.
 */
export function formatDate(time: number, pattern: string = DEFAULT_DATE_FORMAT): string {
  const d = new Date(time);
  if (Number.isNaN(d.getTime())) return '';
  const parts: Record<string, string> = {
    yyyy: String(d.getFullYear()),
    MM: pad(d.getMonth() + 1),
    M: String(d.getMonth() + 1),
    dd: pad(d.getDate()),
    d: String(d.getDate()),
    HH: pad(d.getHours()),
    H: String(d.getHours()),
    mm: pad(d.getMinutes()),
    m: String(d.getMinutes()),
    ss: pad(d.getSeconds()),
    s: String(d.getSeconds()),
  };
  // Longest tokens first, so MM is not read as two M.
  return pattern.replace(/yyyy|MM|M|dd|d|HH|H|mm|m|ss|s/g, (token) => parts[token]!);
}

/**
 * A number with thousands separators: 1234567.891 -> '1,234,567.891'. With `decimals`, the number is
 * first rounded (half away from zero) to that many places and shown with exactly that many.
 */
export function formatThousands(value: number | string, decimals?: number): string {
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  if (!Number.isFinite(n)) return '';
  const text = decimals === undefined ? String(n) : roundTo(n, decimals).toFixed(decimals);
  // Plain digits only: exponent notation (1e21 and above) is left as it is.
  if (/e/i.test(text)) return text;
  const negative = text.startsWith('-');
  const [whole, fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (negative ? '-' : '') + grouped + (fraction !== undefined ? `.${fraction}` : '');
}

/** Rounds half away from zero to `decimals` places, without binary drift (1.005 -> 1.01). */
export function roundTo(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${decimals}`);
  const rounded = Number(`${Math.round(shifted)}e-${decimals}`);
  // Values in exponent notation already (1e-7) do not survive the string shift; fall back.
  if (!Number.isFinite(rounded)) return Math.round(value * 10 ** decimals) / 10 ** decimals;
  return sign * rounded;
}

const ABBREVIATIONS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/**
 * A large number shortened with k, M, G, T, P, E: 1234 -> '1.2k', 2500000 -> '2.5M'. Below a
 * thousand the number is shown with thousands separators as it is.
 */
export function formatNumberAbbr(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return '';
  const abs = Math.abs(value);
  for (const { value: step, symbol } of ABBREVIATIONS) {
    if (abs >= step) {
      const short = (abs / step).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
      return (value < 0 ? '-' : '') + short + symbol;
    }
  }
  return formatThousands(value);
}

/** A byte count in B, KB, MB or GB with two decimals (1536 -> '1.50 KB'). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(2)} KB`;
  if (bytes < GB) return `${(bytes / MB).toFixed(2)} MB`;
  return `${(bytes / GB).toFixed(2)} GB`;
}
