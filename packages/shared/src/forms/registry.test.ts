import { describe, expect, it } from 'vitest';
import { patterns, type PatternName } from '../patterns.ts';
import { formMessage, formTranslator, toFormLang } from './messages.ts';
import { FIELD_KINDS, holdsValue, kindOf, storageOf } from './registry.ts';
import type { FieldConfig, FormField, JnpfKey } from './types.ts';
import { checkRegList, compileRule, decimalPlaces, isEmptyValue } from './validators.ts';

const field = (
  jnpfKey: JnpfKey,
  config: Partial<FieldConfig> = {},
  props: Record<string, unknown> = {},
): FormField => ({
  __config__: { jnpfKey, label: 'F', ...config },
  __vModel__: `${jnpfKey}Field1`,
  ...props,
});
const check = (f: FormField, value: unknown, lang: 'zh-CN' | 'zh-TW' | 'en-US' = 'en-US') =>
  kindOf(f)!.validate(value, f, lang);

describe('the reusable patterns and their messages', () => {
  // Each pattern, one value it refuses, and its message in Chinese and English.
  const cases: [string, PatternName, string, string, string][] = [
    ['S1-5-01', 'mobile', '12800138000', '请输入正确的手机号码', 'Please enter a correct phone number'],
    ['S1-5-02', 'password', '123456', '6-16位字符密码（数字和字母）', '6-16 character password (digits and letters)'],
    ['S1-5-03', 'idCard', '11010519491331002X', '请输入正确的身份证号码', 'Please enter a correct ID number'],
    ['S1-5-04', 'email', 'a@b', '请输入正确的邮箱', 'Please enter a correct email address'],
    ['S1-5-05', 'plate', '京I12345', '请输入正确的车牌号', 'Please enter a correct plate number'],
    ['S1-5-06', 'chinese', '中a', '请输入中文', 'Please enter Chinese'],
    [
      'S1-5-07',
      'enCode',
      '.abc',
      '编码只能输入英文、数字和小数点且小数点不能放在首尾',
      'The code may only contain English letters, digits and dots, and the dot cannot be first or last',
    ],
    ['S1-5-08', 'account', 'user_01', '只能输入英文和数字', 'Digits and English letters only'],
    ['S1-5-09', 'fullName', 'name!', '名称不能含有特殊符号', 'The name cannot contain special symbols'],
    ['S1-5-10', 'numericCode', '12a', '编码只能输入数字', 'The code can only be digits'],
    [
      'S1-5-11',
      'duration',
      '1.2',
      '时间只能为整数或者0.5的倍数',
      'The time can only be an integer or a multiple of 0.5',
    ],
    ['S1-5-12', 'positiveInteger', '0', '请输入正整数', 'Please enter a positive integer'],
    [
      'S1-5-13',
      'fieldName',
      '_field',
      '只能输入字母、数字、下划线，且不能以数字或下划线开头',
      'Only letters, digits and underscores, and it cannot begin with a digit or underscore',
    ],
  ];
  it.each(cases)('%s %s refuses a bad value with its message', (_id, name, bad, zh, en) => {
    expect(patterns[name].test(bad)).toBe(false);
    const f = field('comInput', { regList: [{ pattern: `@${name}`, message: '' }] });
    expect(check(f, bad, 'zh-CN')).toBe(zh);
    expect(check(f, bad, 'en-US')).toBe(en);
    expect(check(f, bad, 'zh-TW')).toBe(formMessage(`pattern.${name}`, undefined, 'zh-TW'));
  });
});

describe('required, per kind', () => {
  it('S2-5-19 empty is undefined, null, blank text or an empty list', () => {
    for (const v of [undefined, null, '', '  ', [], [null, '']]) expect(isEmptyValue(v), String(v)).toBe(true);
    for (const v of [0, false, 'a', [0], { a: 1 }]) expect(isEmptyValue(v), String(v)).toBe(false);
  });
  it('S2-5-19 the wording follows how the field is filled in', () => {
    expect(check(field('comInput', { required: true }), '', 'zh-CN')).toBe('请输入F');
    expect(check(field('select', { required: true }), null, 'zh-CN')).toBe('请选择F');
    expect(check(field('uploadFz', { required: true }), [], 'zh-CN')).toBe('请上传F');
    expect(check(field('checkbox', { required: true }), [], 'zh-TW')).toBe('請選擇F');
    expect(check(field('numInput', { required: true, isSubTable: true }), undefined, 'zh-CN')).toBe('F不能为空');
    expect(check(field('comInput', { required: false }), '')).toBeUndefined();
    // Switches, calculations and system fields are never asked of the user.
    expect(check(field('switch', { required: true }), undefined)).toBeUndefined();
    expect(check(field('createUser', { required: true }), undefined)).toBeUndefined();
  });
  it('a label-less field is named by its model name', () => {
    expect(
      kindOf({ __config__: { jnpfKey: 'comInput', required: true }, __vModel__: 'code' })!.validate(
        '',
        {
          __config__: { jnpfKey: 'comInput', required: true },
          __vModel__: 'code',
        },
        'en-US',
      ),
    ).toBe('Please enter code');
  });
});

describe('regular-expression rules', () => {
  it('S2-5-20 a value failing a rule shows that rule message; the first failing rule wins', () => {
    const rules = [
      { pattern: '/^\\d+$/', message: 'digits only' },
      { pattern: '^.{0,3}$', message: 'three at most' },
    ];
    const f = field('comInput', { regList: rules });
    expect(check(f, 'abcd')).toBe('digits only');
    expect(check(f, '12345')).toBe('three at most');
    expect(check(f, '123')).toBeUndefined();
    // Emptiness is the required check: an empty value passes the rules.
    expect(check(f, '')).toBeUndefined();
  });
  it('S2-5-20 a rule without a message falls back to a format message naming the field', () => {
    expect(check(field('comInput', { regList: [{ pattern: '^a', message: '' }] }), 'b', 'zh-CN')).toBe('F格式不正确');
  });
  it('flags g and y do not make a rule stateful, and a broken rule is skipped', () => {
    const f = field('comInput', { regList: [{ pattern: '/^a/g', message: 'a first' }] });
    expect(check(f, 'abc')).toBeUndefined();
    expect(check(f, 'abc')).toBeUndefined();
    expect(compileRule('([')).toBeNull();
    expect(checkRegList('x', [{ pattern: '([', message: 'never' }], f, formTranslator('en-US'))).toBeUndefined();
  });
});

describe('numbers', () => {
  const num = field('numInput', {}, { min: 1, max: 10, precision: 2 });
  it('range and precision of a number input', () => {
    expect(check(num, 0.5)).toBe('F cannot be less than 1');
    expect(check(num, 11)).toBe('F cannot be greater than 10');
    expect(check(num, 1.234)).toBe('F allows at most 2 decimal places');
    expect(check(num, '2.5')).toBeUndefined();
    expect(check(num, 'abc')).toBe('F must be a number');
    expect(check(num, true)).toBe('F must be a number');
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(12.5)).toBe(1);
  });
  it('S2-5-42 a number range is empty, or [min, max] with optional ends in order', () => {
    const range = field('numRange', {}, { precision: 1 });
    expect(check(range, [])).toBeUndefined();
    expect(check(range, [1, 2.5])).toBeUndefined();
    expect(check(range, [null, 3])).toBeUndefined();
    expect(check(range, [3, 1])).toBe('The start of F cannot be greater than its end');
    expect(check(range, [1])).toBe('F has an invalid value');
    expect(check(range, ['x', 1])).toBe('F must be a number');
  });
  it('rate steps by whole or half stars up to its count; slider stays within its bounds', () => {
    expect(check(field('rate', {}, { count: 5, allowHalf: true }), 4.5)).toBeUndefined();
    expect(check(field('rate', {}, { count: 5 }), 4.5)).toBe('F has an invalid value');
    expect(check(field('rate', {}, { count: 5 }), 6)).toBe('F cannot be greater than 5');
    expect(check(field('slider', {}, { min: 10, max: 20 }), 5)).toBe('F cannot be less than 10');
    expect(check(field('slider', {}, { range: true }), [10, 30])).toBeUndefined();
  });
});

describe('count limits', () => {
  it('S2-5-01 S2-8-05 attachments over the limit; a limit of 0 means none', () => {
    const files = [1, 2, 3].map((n) => ({ name: `${n}.pdf`, fileId: String(n) }));
    expect(check(field('uploadFz', {}, { limit: 2 }), files, 'zh-CN')).toBe('当前限制最多可以上传2个文件');
    expect(check(field('uploadFz', {}, { limit: 0 }), files)).toBeUndefined();
  });
  it('S2-5-09 S2-8-08 images over the limit and over the size', () => {
    const img = (size: number) => ({ name: 'a.png', fileId: 'x', url: '/a.png', fileSize: size });
    expect(check(field('uploadImg', {}, { limit: 1 }), [img(1), img(1)], 'zh-CN')).toBe('当前限制最多可以上传1张图片');
    expect(check(field('uploadImg', {}, { fileSize: 200, sizeUnit: 'KB' }), [img(201 * 1024)], 'zh-CN')).toBe(
      '图片大小超过200KB',
    );
    expect(check(field('uploadImg', {}, { fileSize: 200, sizeUnit: 'KB' }), [img(200 * 1024)])).toBeUndefined();
  });
  it('S2-5-02 S2-8-06 an attachment over its size, in its unit', () => {
    const big = [{ name: 'a.zip', fileId: 'x', fileSize: 2 * 1_073_741_824 + 1 }];
    expect(check(field('uploadFz', {}, { fileSize: 2, sizeUnit: 'GB' }), big, 'zh-CN')).toBe('文件大小超过2GB');
    expect(check(field('uploadFz'), [{ name: 'no id' }])).toBe('F has an invalid value');
  });
  it('checkbox and multiple selects: at least min, at most max', () => {
    const box = field('checkbox', {}, { min: 2, max: 3 });
    expect(check(box, ['a'])).toBe('Select at least 2 items for F');
    expect(check(box, ['a', 'b', 'c', 'd'])).toBe('Select at most 3 items for F');
    expect(check(box, ['a', 'b'])).toBeUndefined();
    expect(check(field('select', {}, { multiple: true, max: 1 }), ['a', 'b'], 'zh-CN')).toBe('F最多选择1项');
  });
});

describe('value shapes and options', () => {
  const options = {
    __slot__: {
      options: [
        { id: '1', fullName: 'One' },
        { id: 2, fullName: 'Two' },
      ],
    },
  };
  it('select-like kinds accept only their static options', () => {
    expect(check(field('radio', { dataType: 'static' }, options), '1')).toBeUndefined();
    expect(check(field('radio', { dataType: 'static' }, options), '2')).toBeUndefined();
    expect(check(field('radio', { dataType: 'static' }, options), '3')).toBe('F holds an option that does not exist');
    // Options loaded from a dictionary or an interface are not known here.
    expect(check(field('radio', { dataType: 'dictionary' }, options), '3')).toBeUndefined();
    expect(check(field('select', {}, options), ['1'])).toBe('F has an invalid value');
  });
  it('cascader values are id paths, tree options checked at every level', () => {
    const tree = { options: [{ id: 'a', fullName: 'A', children: [{ id: 'b', fullName: 'B' }] }] };
    expect(check(field('cascader', {}, tree), ['a', 'b'])).toBeUndefined();
    expect(check(field('cascader', {}, tree), ['a', 'z'])).toBe('F holds an option that does not exist');
    expect(check(field('cascader', {}, { ...tree, multiple: true }), [['a'], ['a', 'b']])).toBeUndefined();
  });
  it('dates, times and ranges', () => {
    expect(check(field('date'), 1_700_000_000_000)).toBeUndefined();
    expect(check(field('date'), '2024-01-01')).toBe('F has an invalid value');
    expect(check(field('time'), '23:59:59')).toBeUndefined();
    expect(check(field('time'), '24:00')).toBe('F has an invalid value');
    expect(check(field('dateRange'), [2, 1])).toBe('The start of F cannot be greater than its end');
    expect(check(field('timeRange'), ['9:00', '10:00'])).toBeUndefined();
    expect(check(field('timeRange'), ['11:00', '10:00'])).toBe('The start of F cannot be greater than its end');
  });
  it('pickers hold ids, several when multiple', () => {
    expect(check(field('userSelect'), 'u1')).toBeUndefined();
    expect(check(field('userSelect'), ['u1'])).toBe('F has an invalid value');
    expect(check(field('usersSelect', {}, { multiple: true }), ['u1--user', 'o1--department'])).toBeUndefined();
    expect(check(field('comSelect'), ['org1', 'org2'])).toBeUndefined();
    expect(check(field('address', {}, { level: 1 }), ['p', 'c', 'd'])).toBe('F has an invalid value');
    expect(check(field('address', {}, { level: 2, multiple: true }), [['p', 'c', 'd'], ['p']])).toBeUndefined();
    expect(check(field('colorPicker'), '#1890ff')).toBeUndefined();
    expect(check(field('colorPicker'), 'rgba(0, 0, 0, 0.5)')).toBeUndefined();
  });
  it('text length counts characters', () => {
    expect(check(field('comInput', {}, { maxlength: 2 }), '汉字')).toBeUndefined();
    expect(check(field('comInput', {}, { maxlength: 2 }), '汉字们', 'zh-CN')).toBe('F不能超过2个字符');
  });
});

describe('defaults', () => {
  const ctx = {
    now: 1_700_000_000_000,
    user: { id: 'u1', account: 'admin', realName: 'Admin' },
    organize: { id: 'o1', fullName: 'Demo' },
    department: { id: 'd1', fullName: 'R&D' },
    position: { id: 'p1', fullName: 'Engineer' },
  };
  it('S2-4-20 current user, time, organisation, department and position fill in', () => {
    const cur = { defaultCurrent: true };
    expect(FIELD_KINDS.date.defaultValue(field('date', cur), ctx)).toBe(ctx.now);
    expect(FIELD_KINDS.userSelect.defaultValue(field('userSelect', cur), ctx)).toBe('u1');
    expect(FIELD_KINDS.userSelect.defaultValue(field('userSelect', cur, { multiple: true }), ctx)).toEqual(['u1']);
    expect(FIELD_KINDS.comSelect.defaultValue(field('comSelect', cur), ctx)).toEqual(['o1']);
    expect(FIELD_KINDS.depSelect.defaultValue(field('depSelect', cur), ctx)).toBe('d1');
    expect(FIELD_KINDS.posSelect.defaultValue(field('posSelect', cur), ctx)).toBe('p1');
    expect(FIELD_KINDS.time.defaultValue(field('time', cur), ctx)).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });
  it('a configured default is copied, and each kind has its empty value', () => {
    const configured = ['a'];
    const value = FIELD_KINDS.checkbox.defaultValue(field('checkbox', { defaultValue: configured }));
    expect(value).toEqual(['a']);
    expect(value).not.toBe(configured);
    expect(FIELD_KINDS.comInput.defaultValue(field('comInput'))).toBe('');
    expect(FIELD_KINDS.checkbox.defaultValue(field('checkbox'))).toEqual([]);
    expect(FIELD_KINDS.select.defaultValue(field('select'))).toBeNull();
    expect(FIELD_KINDS.switch.defaultValue(field('switch'))).toBe(0);
    expect(FIELD_KINDS.slider.defaultValue(field('slider', {}, { min: 5 }))).toBe(5);
    expect(FIELD_KINDS.divider.defaultValue(field('divider'))).toBeUndefined();
  });
});

describe('display texts', () => {
  const names = { names: { u1: 'Admin', u2: 'Lee', p: 'Zhejiang', c: 'Hangzhou' } };
  it('options, pickers, files, passwords and rich text read as text', () => {
    const options = {
      __slot__: {
        options: [
          { id: '1', fullName: 'One' },
          { id: '2', fullName: 'Two' },
        ],
      },
    };
    expect(FIELD_KINDS.checkbox.display(['1', '2'], field('checkbox', {}, options))).toBe('One,Two');
    expect(FIELD_KINDS.userSelect.display(['u1', 'u2'], field('userSelect'), names)).toBe('Admin,Lee');
    expect(FIELD_KINDS.usersSelect.display(['u1--user'], field('usersSelect'), names)).toBe('Admin');
    expect(FIELD_KINDS.address.display(['p', 'c'], field('address'), names)).toBe('Zhejiang/Hangzhou');
    expect(FIELD_KINDS.uploadFz.display([{ name: 'a.pdf', fileId: '1' }], field('uploadFz'))).toBe('a.pdf');
    expect(FIELD_KINDS.PsdInput.display('secret', field('PsdInput'))).toBe('******');
    expect(FIELD_KINDS.editor.display('<p>a &amp; b</p><script>x</script>', field('editor'))).toBe('a & b');
    expect(FIELD_KINDS.switch.display(1, field('switch', {}, { activeTxt: 'On' }))).toBe('On');
    expect(FIELD_KINDS.switch.display(0, field('switch'), { lang: 'en-US' })).toBe('No');
  });
  it('numbers with precision, thousands and amount in words', () => {
    expect(FIELD_KINDS.numInput.display(1234567.891, field('numInput', {}, { thousands: true, precision: 2 }))).toBe(
      '1,234,567.89',
    );
    expect(FIELD_KINDS.calculate.display(1200, field('calculate', {}, { isAmountChinese: true }))).toBe(
      '1200 壹仟贰佰元整',
    );
  });
  it('S2-9-20 dates use the field format, the default format with seconds for system times', () => {
    const t = new Date(2024, 0, 2, 3, 4, 5).getTime();
    expect(FIELD_KINDS.date.display(t, field('date', {}, { format: 'yyyy-MM-dd HH:mm' }))).toBe('2024-01-02 03:04');
    expect(FIELD_KINDS.createTime.display(t, field('createTime'))).toBe('2024-01-02 03:04:05');
  });
});

describe('storage', () => {
  it('columns by kind; multiple values as JSON; display-only fields store nothing', () => {
    expect(storageOf(field('comInput'))).toBe('text');
    expect(storageOf(field('textarea'))).toBe('longText');
    expect(storageOf(field('numInput'))).toBe('decimal');
    expect(storageOf(field('date'))).toBe('timestamp');
    expect(storageOf(field('checkbox'))).toBe('json');
    expect(storageOf(field('select', {}, { multiple: true }))).toBe('json');
    expect(storageOf(field('divider'))).toBe('none');
    expect(storageOf(field('relationFormAttr', { isStorage: 1 }))).toBe('none');
    expect(storageOf(field('relationFormAttr', { isStorage: 2 }))).toBe('text');
    expect(holdsValue(field('popupAttr', { isStorage: 2 }))).toBe(true);
  });
  it('every kind declares the properties the designer edits', () => {
    for (const kind of Object.values(FIELD_KINDS)) expect(kind.props.length, kind.key).toBeGreaterThan(0);
    expect(FIELD_KINDS.numInput.props.map((p) => p.name)).toEqual(
      expect.arrayContaining(['min', 'max', 'precision', 'thousands']),
    );
    expect(FIELD_KINDS.uploadImg.props.find((p) => p.name === 'fileSize')!.default).toBe(10);
  });
});

describe('languages', () => {
  it('maps the caller language to a form language', () => {
    expect(toFormLang('en')).toBe('en-US');
    expect(toFormLang('zh-TW')).toBe('zh-TW');
    expect(toFormLang('zhtw')).toBe('zh-TW');
    expect(toFormLang(undefined)).toBe('zh-CN');
    expect(formTranslator((key) => `#${key}`)('requiredInput')).toBe('#requiredInput');
  });
});
