import { z } from 'zod';
import { plainText } from '../../../core/record-schema.ts';

/** Titles and names shown on every page: single-line text without control characters. */
const text = (max: number) => plainText().max(max);
const flag = <A extends number, B extends number>(a: A, b: B) => z.union([z.literal(a), z.literal(b)]);
const whole = (min: number, max: number) => z.number().int().min(min).max(max);

/** Icons are images this server stored (see modules/file): never an outside or script URL. */
const icon = z
  .string()
  .trim()
  .regex(/^(\/api\/file\/Image\/(systemIcon|userAvatar)\/[0-9A-Z]{26}\.(png|jpg|gif|webp))?$/);

/** A comma-separated list of extensions, stored lower case without dots or repeats. */
const extensions = z
  .string()
  .max(1000)
  .transform((v) =>
    v
      .split(/[\s,;]+/)
      .map((e) => e.trim().replace(/^\./, '').toLowerCase())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every((e) => /^[a-z0-9]{1,10}$/.test(e)))
  .transform((list) => [...new Set(list)].join(','));

/** Host names (or IPv4 addresses), optionally with a port, one per line or comma-separated. */
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;
const hosts = z
  .string()
  .max(5000)
  .transform((v) => v.split(/[\s,;]+/).filter(Boolean))
  .refine((list) => list.length <= 200 && list.every((h) => HOST.test(h)))
  .transform((list) => [...new Set(list.map((h) => h.toLowerCase()))].join('\n'));

/**
 * PUT /api/system/SysConfig: any subset of the settings, each checked on its own; a bad value
 * answers 400 naming its field and nothing is saved.
 */
export const sysConfigBody = z
  .object({
    title: text(50).min(1),
    sysName: text(50).min(1),
    sysVersion: text(20),
    logoIcon: icon,
    loginIcon: icon,
    navigationIcon: icon,
    copyright: text(200),
    companyName: text(100),
    /** Minutes: from 5 minutes to 30 days. */
    tokenTimeout: whole(5, 43_200),
    singleLogin: flag(1, 2),
    passwordErrorsNumber: whole(1, 100),
    lockType: flag(1, 2),
    lockTime: whole(1, 1440),
    enableVerificationCode: flag(0, 1),
    verificationCodeNumber: whole(3, 8),
    /** MB */
    uploadMaxSize: whole(1, 2048),
    uploadExtensions: extensions,
    dataInterfaceHosts: hosts,
  })
  .partial();
export type SysConfigBody = z.infer<typeof sysConfigBody>;

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const sysConfigAnswer = z.object({
  title: z.string(),
  sysName: z.string(),
  sysVersion: z.string(),
  logoIcon: z.string(),
  loginIcon: z.string(),
  navigationIcon: z.string(),
  copyright: z.string(),
  companyName: z.string(),
  tokenTimeout: z.number(),
  singleLogin: z.number(),
  passwordErrorsNumber: z.number(),
  lockType: z.number(),
  lockTime: z.number(),
  enableVerificationCode: z.number(),
  verificationCodeNumber: z.number(),
  uploadMaxSize: z.number(),
  uploadExtensions: z.string(),
  dataInterfaceHosts: z.string(),
});
