import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badField } from './errors.ts';
import { describeValidation, fieldName, nulPath, type ValidationIssue } from './http.ts';
import { translate, type Language, type MessageKey, type MessageParams } from './messages.ts';
import { enCode, fullName, plainText } from './record-schema.ts';

/** The first issue of a failed parse, in the shape fastify-type-provider-zod hands to the error handler. */
function issueOf(schema: z.ZodType, input: unknown): ValidationIssue {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to fail`);
  const { path, code, message, ...params } = result.error.issues[0]!;
  return { keyword: code, instancePath: `/${path.join('/')}`, message, params };
}

const say = (language: Language, schema: z.ZodType, input: unknown, context = 'body') =>
  describeValidation((key, params) => translate(language, key, params), issueOf(schema, input), context, input);

const page = z.object({
  currentPage: z.coerce.number().int().min(1).max(500).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
  ids: z.array(z.string().max(64)).min(1).max(2).optional(),
});

/** [what, schema, input, zh-CN, zh-TW, en-US] */
const CASES: [string, z.ZodType, unknown, string, string, string][] = [
  [
    'missing',
    z.object({ account: z.string() }),
    {},
    '参数 account 无效：不能为空',
    '參數 account 無效：不能為空',
    'Invalid account: is required',
  ],
  [
    'null',
    z.object({ account: z.string() }),
    { account: null },
    '参数 account 无效：不能为空',
    '參數 account 無效：不能為空',
    'Invalid account: is required',
  ],
  [
    'empty after trimming',
    z.object({ fullName }),
    { fullName: '   ' },
    '参数 fullName 无效：不能为空',
    '參數 fullName 無效：不能為空',
    'Invalid fullName: is required',
  ],
  [
    'not a number',
    page,
    { currentPage: 'abc' },
    '参数 currentPage 无效：应为数字',
    '參數 currentPage 無效：應為數字',
    'Invalid currentPage: must be a number',
  ],
  [
    'not a whole number',
    page,
    { currentPage: '1.5' },
    '参数 currentPage 无效：应为整数',
    '參數 currentPage 無效：應為整數',
    'Invalid currentPage: must be a whole number',
  ],
  [
    'not text',
    z.object({ fullName }),
    { fullName: 12 },
    '参数 fullName 无效：应为文本',
    '參數 fullName 無效：應為文字',
    'Invalid fullName: must be text',
  ],
  [
    'not a list',
    page,
    { ids: 'a,b' },
    '参数 ids 无效：应为列表',
    '參數 ids 無效：應為列表',
    'Invalid ids: must be a list',
  ],
  [
    'not true or false',
    z.object({ on: z.boolean() }),
    { on: 'yes' },
    '参数 on 无效：应为布尔值',
    '參數 on 無效：應為布林值',
    'Invalid on: must be true or false',
  ],
  [
    'not an object',
    z.object({ form: z.object({}) }),
    { form: 'x' },
    '参数 form 无效：应为对象',
    '參數 form 無效：應為物件',
    'Invalid form: must be an object',
  ],
  [
    'too long',
    z.object({ fullName }),
    { fullName: 'x'.repeat(51) },
    '参数 fullName 无效：长度不能超过 50 个字符',
    '參數 fullName 無效：長度不能超過 50 個字元',
    'Invalid fullName: must be at most 50 characters long',
  ],
  [
    'too short',
    z.object({ password: z.string().min(6) }),
    { password: 'abc' },
    '参数 password 无效：长度不能少于 6 个字符',
    '參數 password 無效：長度不能少於 6 個字元',
    'Invalid password: must be at least 6 characters long',
  ],
  [
    'too small',
    page,
    { currentPage: '0' },
    '参数 currentPage 无效：不能小于 1',
    '參數 currentPage 無效：不能小於 1',
    'Invalid currentPage: must be at least 1',
  ],
  [
    'too big',
    page,
    { currentPage: '501' },
    '参数 currentPage 无效：不能大于 500',
    '參數 currentPage 無效：不能大於 500',
    'Invalid currentPage: must be at most 500',
  ],
  [
    'not greater',
    z.object({ amount: z.number().gt(0) }),
    { amount: 0 },
    '参数 amount 无效：必须大于 0',
    '參數 amount 無效：必須大於 0',
    'Invalid amount: must be greater than 0',
  ],
  ['empty list', page, { ids: [] }, '参数 ids 无效：不能为空', '參數 ids 無效：不能為空', 'Invalid ids: is required'],
  [
    'too many items',
    page,
    { ids: ['a', 'b', 'c'] },
    '参数 ids 无效：最多 2 项',
    '參數 ids 無效：最多 2 項',
    'Invalid ids: must have at most 2 items',
  ],
  [
    'too few items',
    z.object({ ids: z.array(z.string()).min(2) }),
    { ids: ['a'] },
    '参数 ids 无效：至少需要 2 项',
    '參數 ids 無效：至少需要 2 項',
    'Invalid ids: must have at least 2 items',
  ],
  [
    'an item of a list',
    page,
    { ids: ['a', 7] },
    '参数 ids[1] 无效：应为文本',
    '參數 ids[1] 無效：應為文字',
    'Invalid ids[1]: must be text',
  ],
  [
    'a field of a list item',
    z.object({ list: z.array(z.object({ account: z.string() })) }),
    { list: [{ account: 'a' }, {}] },
    '参数 list[1].account 无效：不能为空',
    '參數 list[1].account 無效：不能為空',
    'Invalid list[1].account: is required',
  ],
  [
    'not one of the allowed values',
    page,
    { sort: 'up' },
    '参数 sort 无效：必须是以下之一：asc、desc',
    '參數 sort 無效：必須是以下之一：asc、desc',
    'Invalid sort: must be one of: asc, desc',
  ],
  [
    'not the literal',
    z.object({ grant_type: z.literal('password') }),
    { grant_type: 'code' },
    '参数 grant_type 无效：必须为 password',
    '參數 grant_type 無效：必須為 password',
    'Invalid grant_type: must be password',
  ],
  [
    'a flag out of its union',
    z.object({ enabledMark: z.union([z.literal(0), z.literal(1)]) }),
    { enabledMark: 5 },
    '参数 enabledMark 无效：必须是以下之一：0、1',
    '參數 enabledMark 無效：必須是以下之一：0、1',
    'Invalid enabledMark: must be one of: 0, 1',
  ],
  [
    'a union of types',
    z.object({ value: z.union([z.string(), z.number()]) }),
    { value: true },
    '参数 value 无效：应为文本或数字',
    '參數 value 無效：應為文字或數字',
    'Invalid value: must be text or a number',
  ],
  [
    'the branch of a union that fits',
    z.object({ value: z.union([z.string().max(3), z.number()]) }),
    { value: 'abcd' },
    '参数 value 无效：长度不能超过 3 个字符',
    '參數 value 無效：長度不能超過 3 個字元',
    'Invalid value: must be at most 3 characters long',
  ],
  [
    'bad format',
    z.object({ enCode }),
    { enCode: 'a b' },
    '参数 enCode 无效：格式不正确',
    '參數 enCode 無效：格式不正確',
    'Invalid enCode: has the wrong format',
  ],
  [
    'a control character in a name',
    z.object({ fullName }),
    { fullName: 'a\u0001b' },
    '参数 fullName 无效：不能包含控制字符',
    '參數 fullName 無效：不能包含控制字元',
    'Invalid fullName: must not contain control characters',
  ],
  [
    'a multiple',
    z.object({ step: z.number().multipleOf(5) }),
    { step: 7 },
    '参数 step 无效：必须是 5 的倍数',
    '參數 step 無效：必須是 5 的倍數',
    'Invalid step: must be a multiple of 5',
  ],
  [
    'a body that is not an object',
    page,
    [],
    '请求体无效：应为对象',
    '請求體無效：應為物件',
    'Invalid request body: must be an object',
  ],
  [
    'a missing body',
    page,
    undefined,
    '请求体无效：不能为空',
    '請求體無效：不能為空',
    'Invalid request body: is required',
  ],
  [
    'unknown fields',
    z.strictObject({ a: z.string().optional() }),
    { b: 1 },
    '请求体无效：包含不支持的字段：b',
    '請求體無效：包含不支援的欄位：b',
    'Invalid request body: has unknown fields: b',
  ],
];

describe('validation messages', () => {
  it.each(CASES)(
    '%s: names the field and the problem in zh-CN, zh-TW and en-US',
    (_what, schema, input, cn, tw, en) => {
      expect(say('zh-CN', schema, input)).toBe(cn);
      expect(say('zh-TW', schema, input)).toBe(tw);
      expect(say('en-US', schema, input)).toBe(en);
    },
  );

  it('never puts zod English into a Chinese message', () => {
    for (const [, schema, input] of CASES) {
      for (const language of ['zh-CN', 'zh-TW'] as const) {
        const problem = say(language, schema, input).split('：').slice(1).join('：');
        // What may stay Latin: the allowed values the message lists, and the field names.
        expect(problem.replace(/asc|desc|password|\bb\b/g, '')).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('names the query and the path parameters when the whole part is wrong', () => {
    const issue = issueOf(z.object({ id: z.string() }), 'x');
    const t = (key: MessageKey, params?: MessageParams) => translate('zh-CN', key, params);
    expect(describeValidation(t, issue, 'querystring', 'x')).toBe('查询参数无效：应为对象');
    expect(describeValidation(t, issue, 'params', 'x')).toBe('路径参数无效：应为对象');
  });

  it('a field found wrong by hand reads like a schema check', () => {
    const error = badField('urlAddress', 'fieldRequired');
    expect(error.code).toBe(400);
    expect(translate('zh-CN', 'invalidField', { field: error.field, problem: translate('zh-CN', error.problem) })).toBe(
      '参数 urlAddress 无效：不能为空',
    );
  });

  it('the name helper refuses U+0000 to U+001F and U+007F, and nothing else', () => {
    const name = plainText().min(1).max(50);
    for (let code = 0; code <= 0x1f; code++)
      expect(name.safeParse(`a${String.fromCharCode(code)}b`).success).toBe(false);
    expect(name.safeParse('a\u007fb').success).toBe(false);
    for (const ok of ['张三', 'Zhang San', 'a-b_c.d', 'é ü ß', '\u00a0x\u00a0'])
      expect(name.safeParse(ok).success).toBe(true);
  });

  it('finds NUL in values and keys at any depth', () => {
    expect(nulPath({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual(['b', '0', 'c']);
    expect(nulPath({ 'k\u0000': 1 })).toEqual(['k\\0']);
    expect(nulPath({ a: ['fine', 1, null, true] })).toBeNull();
    expect(fieldName(['b', '0', 'c'])).toBe('b[0].c');
  });
});

describe('core message catalogue', () => {
  it('the validation and edge messages are Chinese in both Chinese catalogues', () => {
    const keys: MessageKey[] = [
      'invalidField',
      'invalidPart',
      'fieldRequired',
      'fieldType',
      'fieldMinLength',
      'fieldMaxLength',
      'fieldMin',
      'fieldMax',
      'fieldGreater',
      'fieldLess',
      'fieldMinItems',
      'fieldMaxItems',
      'fieldOneOf',
      'fieldEquals',
      'fieldMultipleOf',
      'fieldControlChars',
      'fieldUnknownKeys',
      'fieldFormat',
      'fieldValue',
      'typeText',
      'typeNumber',
      'typeInteger',
      'typeBoolean',
      'typeList',
      'typeObject',
      'typeDate',
      'partBody',
      'partQuery',
      'partParams',
      'partHeaders',
      'urlTooLong',
      'pathParamTooLong',
      'urlInvalid',
      'headersTooLarge',
      'jsonInvalid',
      'mediaTypeUnsupported',
      'multipartRequired',
      'multipartInvalid',
      'requestInvalid',
      'valueOutOfRange',
      'tooLarge',
      'tooMany',
      'notFound',
      'forbidden',
      'internal',
    ];
    for (const key of keys) {
      for (const language of ['zh-CN', 'zh-TW'] as const) {
        const text = translate(language, key)
          .replace(/\{\w+\}/g, '')
          .replace(/JSON/g, '');
        expect(text, `${language} ${key}`).not.toMatch(/[A-Za-z]/);
      }
      expect(translate('en-US', key), `en-US ${key}`).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
