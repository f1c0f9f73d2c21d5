/**
 * Validation fixtures: a form, the values a user submits and the problems expected, in a language.
 * The shared tests run them through validateForm and the server tests through the gallery's
 * validate route, so the browser and the server are held to the same answers.
 */
import { galleryForm, GALLERY as G } from './gallery-form.ts';
import type { FormField, FormJson, FormLang, FormValues } from './types.ts';

/**
 * A field as the designer writes it, for tests that design forms: a full-width column item;
 * `extra.config` goes into `__config__`, the rest onto the field.
 */
export function designField(
  jnpfKey: string,
  vModel: string,
  label: string,
  extra: Record<string, unknown> = {},
): FormField {
  const { config, ...props } = extra as { config?: Record<string, unknown> };
  return {
    __config__: { jnpfKey, label, layout: 'colFormItem', span: 24, ...config },
    __vModel__: vModel,
    ...props,
  } as FormField;
}

export interface ValidationFixture {
  /** Checklist row ids and what the case shows. */
  title: string;
  lang: FormLang;
  /** A form of its own; the gallery form when absent. */
  form?: FormJson;
  values: FormValues;
  /** Every expected problem, in form order. */
  errors: Array<{ path: string; message: string }>;
  /** Values the cleaned record must hold (checked key by key) when valid. */
  cleaned?: FormValues;
}

/** Values that satisfy every required field of the gallery form. */
export function galleryValidValues(): FormValues {
  return {
    [G.input]: 'Atrium',
    [G.number]: 1234.5,
    [G.radio]: '1',
    [G.select]: '2',
    [G.date]: 1_700_000_000_000,
    [G.user]: 'user-1',
  };
}

const row = (itemName: unknown, price: unknown, quantity: unknown, extra: FormValues = {}) => ({
  [G.itemName]: itemName,
  [G.price]: price,
  [G.quantity]: quantity,
  ...extra,
});

/** A small form of its own for rules the gallery does not configure. */
function rulesForm(): FormJson {
  return {
    fields: [
      {
        __config__: { jnpfKey: 'numInput', label: 'Score', required: true },
        __vModel__: 'score',
        min: 0,
        max: 100,
        precision: 1,
      },
      {
        __config__: {
          jnpfKey: 'comInput',
          label: 'Code',
          noShow: true,
          required: true,
          regList: [{ pattern: '^[A-Z]{3}-\\d{3}$', message: 'Code looks like ABC-123' }],
        },
        __vModel__: 'code',
      },
      {
        __config__: { jnpfKey: 'comInput', label: 'Account', regList: [{ pattern: '@account', message: '' }] },
        __vModel__: 'account',
      },
      { __config__: { jnpfKey: 'numRange', label: 'Range' }, __vModel__: 'range', precision: 0 },
      { __config__: { jnpfKey: 'switch', label: 'Active' }, __vModel__: 'active' },
      { __config__: { jnpfKey: 'calculate', label: 'Double' }, __vModel__: 'double', expression: 'score * 2' },
    ],
  };
}

export function validationFixtures(): ValidationFixture[] {
  const zh = galleryForm('zh-CN');
  return [
    {
      title: 'S2-5-19 required fields of every kind are named with their wording (zh-CN)',
      lang: 'zh-CN',
      values: {},
      errors: [
        { path: G.input, message: '请输入单行输入' },
        { path: G.number, message: '请输入数字输入' },
        { path: G.radio, message: '请选择单选框组' },
        { path: G.select, message: '请选择下拉选择' },
        { path: G.date, message: '请选择日期选择' },
        { path: G.user, message: '请选择用户选择' },
      ],
    },
    {
      title: 'S2-5-19 required fields in English',
      lang: 'en-US',
      values: { ...galleryValidValues(), [G.input]: '   ', [G.user]: [] },
      errors: [
        { path: G.input, message: 'Please enter Single line' },
        { path: G.user, message: 'Please select User' },
      ],
    },
    {
      title: 'S1-5-01 S2-5-20 a named pattern and an own pattern give their messages',
      lang: 'zh-CN',
      values: { ...galleryValidValues(), [G.mobile]: '12345', [G.email]: 'not-an-email', [G.password]: '123456' },
      errors: [
        { path: G.mobile, message: '请输入正确的手机号码' },
        { path: G.email, message: '请输入正确的邮箱' },
        { path: G.password, message: '6-16位字符密码（数字和字母）' },
      ],
    },
    {
      title: 'S2-5-19 S2-5-20 S2-5-21 sub-table cells are checked row by row, paths name the row',
      lang: 'zh-CN',
      values: {
        ...galleryValidValues(),
        [G.table]: [row('Paper', 2.5, 4), row('', 3, 1), row('Ink', 'abc', 0)],
      },
      errors: [
        { path: `${G.table}.1.${G.itemName}`, message: '品名不能为空' },
        { path: `${G.table}.2.${G.price}`, message: '单价必须是数字' },
        { path: `${G.table}.2.${G.quantity}`, message: '数量不能小于1' },
      ],
    },
    {
      title: 'S2-5-29 S2-5-30 S2-3-42 valid rows: amounts and the total are recomputed, not trusted',
      lang: 'zh-CN',
      values: {
        ...galleryValidValues(),
        [G.total]: 999_999,
        [G.table]: [row('Paper', 2.5, 4, { [G.amount]: 1 }), row('Ink', '12.35', 3)],
        unknownKey: 'dropped',
        [G.createUser]: 'forged',
      },
      errors: [],
      cleaned: {
        [G.total]: 47.05,
        [G.table]: [
          { [G.itemName]: 'Paper', [G.price]: 2.5, [G.quantity]: 4, [G.amount]: 10 },
          { [G.itemName]: 'Ink', [G.price]: '12.35', [G.quantity]: 3, [G.amount]: 37.05 },
        ],
      },
    },
    {
      title: 'S2-5-01 S2-8-05 count limits: checkbox at most 2, attachments at most 3 (zh-TW)',
      lang: 'zh-TW',
      values: {
        ...galleryValidValues(),
        [G.checkbox]: ['red', 'green', 'blue'],
        [G.files]: [1, 2, 3, 4].map((n) => ({ name: `f${n}.txt`, fileId: `id${n}`, fileSize: 10 })),
      },
      errors: [
        { path: G.checkbox, message: '多選框組最多選擇2項' },
        { path: G.files, message: '當前限制最多可以上傳3個檔案' },
      ],
    },
    {
      title: 'S2-5-02 an attachment over the size limit and an option that does not exist',
      lang: 'en-US',
      values: {
        ...galleryValidValues(),
        [G.select]: '9',
        [G.files]: [{ name: 'big.zip', fileId: 'x', fileSize: 11 * 1_048_576 }],
      },
      errors: [
        { path: G.select, message: 'Select holds an option that does not exist' },
        { path: G.files, message: 'The file size exceeds 10MB' },
      ],
    },
    {
      title: 'S2-5-42 number range order, rating steps and a colour of the wrong shape',
      lang: 'en-US',
      values: { ...galleryValidValues(), [G.numRange]: [10, 2], [G.rate]: 2.25, [G.color]: 'blue' },
      errors: [
        { path: G.color, message: 'Colour has an invalid value' },
        { path: G.rate, message: 'Rating has an invalid value' },
        { path: G.numRange, message: 'The start of Number range cannot be greater than its end' },
      ],
    },
    {
      title: 'S2-5-43 range, precision and a hidden required field are all checked',
      lang: 'en-US',
      form: rulesForm(),
      values: { score: 99.25, account: 'a b', range: [1.5, null], active: 3 },
      errors: [
        { path: 'score', message: 'Score allows at most 1 decimal places' },
        { path: 'code', message: 'Please enter Code' },
        { path: 'account', message: 'Digits and English letters only' },
        { path: 'range', message: 'Range allows at most 0 decimal places' },
        { path: 'active', message: 'Active has an invalid value' },
      ],
    },
    {
      title: 'S2-5-20 S2-5-26 an own pattern message, a maximum, and a calculation over it',
      lang: 'zh-CN',
      form: rulesForm(),
      values: { score: 120, code: 'abc', double: 1 },
      errors: [
        { path: 'score', message: 'Score不能大于100' },
        { path: 'code', message: 'Code looks like ABC-123' },
      ],
    },
    {
      title: 'S2-5-26 valid values of the own form, the calculated field recomputed',
      lang: 'zh-CN',
      form: rulesForm(),
      values: { score: 42.5, code: 'ABC-123', account: 'abc1', range: [], active: 1, double: 0 },
      errors: [],
      cleaned: { score: 42.5, code: 'ABC-123', double: 85, range: [], active: 1 },
    },
    {
      title: 'S2-3-29 the zh-CN gallery form has one table whose columns are required',
      lang: 'zh-CN',
      form: zh,
      values: { ...galleryValidValues(), [G.table]: [{}] },
      errors: [
        { path: `${G.table}.0.${G.itemName}`, message: '品名不能为空' },
        { path: `${G.table}.0.${G.price}`, message: '单价不能为空' },
        { path: `${G.table}.0.${G.quantity}`, message: '数量不能为空' },
      ],
    },
  ];
}
