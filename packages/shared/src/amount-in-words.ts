/**
 * Chinese financial uppercase of an amount (人民币大写), as printed on vouchers and print templates:
 * 1234.56 -> 壹仟贰佰叁拾肆元伍角陆分, 100 -> 壹佰元整, 1.05 -> 壹元零伍分.
 * Rounded half up to the fen. Amounts beyond what a JavaScript number holds to the fen, and values
 * that are not numbers, answer ''.
 */

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
/** Units of each group of four digits, from the lowest. */
const GROUPS = ['', '万', '亿', '万亿'];
/** Largest amount in fen that a number holds exactly. */
const MAX_FEN = Number.MAX_SAFE_INTEGER;

/** Words of a group of four digits (1..9999); zeros inside collapse to one 零, trailing zeros vanish. */
function groupWords(group: number): string {
  let words = '';
  let pendingZero = false;
  for (let place = 3; place >= 0; place--) {
    const digit = Math.floor(group / 10 ** place) % 10;
    if (digit === 0) {
      if (words) pendingZero = true;
      continue;
    }
    if (pendingZero) words += '零';
    pendingZero = false;
    words += DIGITS[digit]! + PLACES[place]!;
  }
  return words;
}

/** Words of a whole number of yuan, without the 元. */
function integerWords(yuan: number): string {
  if (yuan === 0) return DIGITS[0]!;
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
  let words = '';
  let zeroBefore = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i]!;
    if (group === 0) {
      zeroBefore = words !== '';
      continue;
    }
    // A gap before this group (a zero group, or fewer than four digits in it) reads as one 零.
    if (words && (zeroBefore || group < 1000)) words += '零';
    words += groupWords(group) + GROUPS[i]!;
    zeroBefore = false;
  }
  return words;
}

/**
 * The amount in units of 10^-places (fen for 2, hao for 4), rounded half up; null when it is not a
 * finite number, or beyond `max` units.
 */
function toUnits(amount: number | string, places: number, max: number): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount.trim().replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) return null;
  // Shifting the decimal point in the text avoids binary rounding (1.005 * 100 = 100.49999...).
  const [mantissa, exponent = '0'] = text.toLowerCase().split('e');
  const units = Math.round(Math.abs(Number(`${mantissa}e${Number(exponent) + places}`)));
  return Number.isFinite(units) && units <= max ? units : null;
}

/** 角 分 厘 毫: the words of the decimal places. */
const DECIMAL_UNITS = ['角', '分', '厘', '毫'];

/** Words of whole yuan and a fraction given in units of 10^-places (56 of 2 places = 5 jiao 6 fen). */
function amountWords(yuan: number, fraction: number, places: number): string {
  let words = '';
  if (yuan > 0 || fraction === 0) words = integerWords(yuan) + '元';
  if (fraction === 0) return words + '整';
  // Decimal digits from 角 down; a zero between digits that are read reads as one 零
  // (壹元零伍分: the zero 角 between yuan and fen is read out).
  let pendingZero = false;
  for (let place = 0; place < places; place++) {
    const digit = Math.floor(fraction / 10 ** (places - 1 - place)) % 10;
    if (digit === 0) {
      if (words) pendingZero = true;
      continue;
    }
    if (pendingZero) words += '零';
    pendingZero = false;
    words += DIGITS[digit]! + DECIMAL_UNITS[place]!;
  }
  return words;
}

/**
 * Chinese uppercase of a print-template amount, to the fen. Negative amounts read with 负; values
 * that are not numbers, or too large to hold to the fen, answer ''.
 */
export function amountInWords(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const fen = toUnits(amount, 2, MAX_FEN);
  if (fen === null) return '';
  const negative = String(amount).trim().startsWith('-') && fen > 0;
  return (negative ? '负' : '') + amountWords(Math.floor(fen / 100), fen % 100, 2);
}

/** The form widgets' limit: twelve integer digits. */
export const AMOUNT_MAX_INTEGER_DIGITS = 12;

const TOO_LARGE: Record<string, string> = {
  'zh-CN': '金额过大，无法计算',
  'zh-TW': '金額過大，無法計算',
  'en-US': 'Amount too large to calculate',
};

/** Plain decimal text of a number or numeric text (no exponent, no sign), or null. */
function plainDecimal(amount: number | string): string | null {
  const text = typeof amount === 'number' ? String(amount) : amount.trim().replace(/,/g, '');
  if (!/^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  if (!/e/i.test(text)) return text.replace(/^\+/, '');
  const n = Number(text);
  // Beyond 1e21 toFixed answers exponent notation again; such amounts are too large anyway.
  return Number.isFinite(n) ? (n >= 1e21 ? '1e21' : n.toFixed(8)) : null;
}

/**
 * Chinese uppercase as the form widgets show it beside a number or calculated field: up to twelve
 * integer digits and four decimals (角, 分, 厘, 毫), rounded half up at the fourth; a larger amount
 * answers the 'amount too large to calculate' text in the caller's language; a negative amount or
 * anything not a number answers ''. Works on the digits as text, so no digit is lost to binary.
 */
export function amountInWordsChecked(amount: number | string | null | undefined, lang = 'zh-CN'): string {
  if (amount === null || amount === undefined || amount === '') return '';
  if (typeof amount === 'number' && (!Number.isFinite(amount) || amount < 0)) return '';
  const text = plainDecimal(amount);
  if (text === null) return '';
  const tooLarge = TOO_LARGE[lang] ?? TOO_LARGE['zh-CN']!;
  if (text === '1e21') return tooLarge;
  const [whole = '', decimals = ''] = text.split('.');
  let integer = whole.replace(/^0+(?=\d)/, '') || '0';
  let fraction = Number((decimals + '0000').slice(0, 4));
  // Half up on the fifth decimal, carrying into the yuan when the four decimals overflow.
  if (Number(decimals[4] ?? '0') >= 5) fraction += 1;
  if (fraction === 10_000) {
    fraction = 0;
    integer = addOne(integer);
  }
  if (integer.length > AMOUNT_MAX_INTEGER_DIGITS) return tooLarge;
  return amountWords(Number(integer), fraction, 4);
}

/** A decimal integer text plus one ('999' -> '1000'). */
function addOne(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return '1' + out.join('');
}
