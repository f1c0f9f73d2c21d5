import { createHash } from 'node:crypto';
import type { BenchRequest } from './scenario.ts';

/** Demo accounts (README.md): admin / admin123, every other demo user demo1234. */
export const DEMO_ACCOUNTS = {
  admin: 'admin123',
  manager: 'demo1234',
  staff: 'demo1234',
  'bench.multi': 'demo1234',
} as const;

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The form the web client posts to Login: the password travels as its lower-case hex md5. */
export function loginForm(account: keyof typeof DEMO_ACCOUNTS): string {
  return new URLSearchParams({ account, password: md5(DEMO_ACCOUNTS[account]), grant_type: 'password' }).toString();
}

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

/** Signs in through the API, as a browser would, and returns the token for the Authorization header. */
export async function signIn(origin: string, account: keyof typeof DEMO_ACCOUNTS): Promise<string> {
  const res = await fetch(`${origin}/prod/api/oauth/Login`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body: loginForm(account),
  });
  const body = (await res.json()) as { code?: number; msg?: string; data?: { token?: string } };
  if (body.code !== 200 || !body.data?.token) {
    throw new Error(`sign-in as ${account} failed: HTTP ${res.status}, code ${body.code}, ${body.msg}`);
  }
  return body.data.token;
}

/**
 * What Chromium sends as Accept-Encoding. The server keeps compressed copies of its large kept
 * answers (CurrentUser) and sends one to a client that asks, as every browser does.
 */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** CurrentUser as the web app asks for it on each page load: a token and a browser's encodings. */
export async function currentUserRequest(origin: string, account: keyof typeof DEMO_ACCOUNTS): Promise<BenchRequest> {
  const token = await signIn(origin, account);
  return {
    method: 'GET',
    path: '/prod/api/oauth/CurrentUser',
    headers: { authorization: token, ...BROWSER_ENCODINGS },
  };
}
