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

/** The amount in fen, rounded half up; null when it is not a finite number within range. */
function toFen(amount: number | string): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount.trim().replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) return null;
  // Shifting the decimal point in the text avoids binary rounding (1.005 * 100 = 100.49999...).
  const [mantissa, exponent = '0'] = text.toLowerCase().split('e');
  const fen = Math.round(Math.abs(Number(`${mantissa}e${Number(exponent) + 2}`)));
  return Number.isFinite(fen) && fen <= MAX_FEN ? fen : null;
}

export function amountInWords(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const fen = toFen(amount);
  if (fen === null) return '';
  const negative = String(amount).trim().startsWith('-') && fen > 0;
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;

  let words = '';
  if (yuan > 0 || (jiao === 0 && cents === 0)) words = integerWords(yuan) + '元';
  if (jiao === 0 && cents === 0) words += '整';
  else {
    if (jiao > 0) words += DIGITS[jiao]! + '角';
    // 壹元零伍分: a zero 角 between yuan and fen is read out.
    else if (yuan > 0) words += '零';
    if (cents > 0) words += DIGITS[cents]! + '分';
  }
  return (negative ? '负' : '') + words;
}
