/**
 * The reusable validation rules. Both sides use them: the web app to tell
 * users at once, the server to refuse what slipped past. Messages are i18n keys.
 */
export interface Pattern {
  test(value: string): boolean;
  message: string;
}

const rx = (re: RegExp, message: string): Pattern => ({ test: (v) => re.test(v), message });

export const patterns = {
  mobile: rx(/^1[3-9]\d{9}$/, 'validation.mobile'),
  // 6-16 letters and digits, with at least one of each.
  password: rx(/^(?![0-9]+$)(?![a-zA-Z]+$)[0-9A-Za-z]{6,16}$/, 'validation.password'),
  idCard: rx(/^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/, 'validation.idCard'),
  email: rx(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, 'validation.email'),
  plate: rx(
    /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/,
    'validation.plate',
  ),
  chinese: rx(/^[\u4e00-\u9fa5]+$/, 'validation.chinese'),
  enCode: rx(/^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/, 'validation.enCode'),
  account: rx(/^[A-Za-z0-9]+$/, 'validation.account'),
  fullName: rx(/^[\u4e00-\u9fa5A-Za-z0-9]+$/, 'validation.fullName'),
  numericCode: rx(/^\d+$/, 'validation.numericCode'),
  duration: rx(/^\d+(\.5|\.0)?$/, 'validation.duration'),
  positiveInteger: rx(/^[1-9]\d*$/, 'validation.positiveInteger'),
  fieldName: rx(/^[A-Za-z][A-Za-z0-9_]*$/, 'validation.fieldName'),
} as const;

export type PatternName = keyof typeof patterns;
