import { z } from 'zod';
import type { LoginConfig, LoginResult } from '@atrium/shared';
import { plainText } from '../../core/record-schema.ts';
import { wireSchema } from '../../core/response-schema.ts';

/** The client sends the lower-case hex md5 of the typed password, never the password itself. */
const md5 = z.string().regex(/^[0-9a-f]{32}$/);

/** An account name as typed: no control characters. */
const account = plainText().min(1).max(100);

export const loginBody = z.object({
  account,
  password: md5,
  code: z.string().max(10).optional().default(''),
  timestamp: z.string().max(64).optional().default(''),
  origin: z.string().max(20).optional(),
  grant_type: z.literal('password').optional().default('password'),
  ticket: z.string().max(500).optional(),
  client_id: z.string().max(100).optional(),
  client_secret: z.string().max(100).optional(),
  scope: z.string().max(100).optional(),
});

export const loginQuery = z.object({
  client_id: z.string().max(100).optional(),
  client_secret: z.string().max(100).optional(),
  scope: z.string().max(100).optional(),
});

export const lockScreenBody = z.object({
  account,
  password: md5,
});

export const accountParams = z.object({ account });

export const captchaParams = z.object({
  length: z.coerce.number().int().min(3).max(8),
  timestamp: z.string().min(1).max(64),
});

export const ticketBody = z.object({ ticket: z.string().trim().min(1).max(200) });

// ---- answers ----

export const loginResult = wireSchema<LoginResult>()(
  z.object({ token: z.string(), theme: z.enum(['classic', 'functional', 'blend', 'plain']) }),
);
export const ticketResult = z.object({ ticket: z.string() });
export const loginConfig = wireSchema<LoginConfig>()(
  z.object({ enableVerificationCode: z.boolean(), verificationCodeNumber: z.number() }),
);
