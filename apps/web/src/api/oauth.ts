import type { CurrentUserResult, LoginConfig, LoginResult } from '@atrium/shared';
import { apiUrl, request } from './request.ts';

/** Fixed client: the password grant with scope all. */
const LOGIN_CLIENT = { client_id: 'admin', client_secret: '123456', scope: 'all' } as const;

export interface LoginForm {
  account: string;
  /** Lower-case hex md5 of the typed password; the clear password never leaves the browser. */
  password: string;
  code?: string;
  timestamp?: string | number;
}

export function login(form: LoginForm) {
  return request<LoginResult>({
    url: '/api/oauth/Login',
    method: 'POST',
    form: true,
    params: LOGIN_CLIENT,
    data: {
      account: form.account,
      password: form.password,
      code: form.code ?? '',
      timestamp: form.timestamp ?? '',
      origin: 'password',
      grant_type: 'password',
    },
  });
}

export function getLoginConfig(account: string) {
  return request<LoginConfig>({ url: `/api/oauth/getConfig/${encodeURIComponent(account)}` });
}

export function imageCodeUrl(length: number, timestamp: string | number): string {
  return apiUrl(`/api/oauth/ImageCode/${length}/${timestamp}`);
}

export function getCurrentUser() {
  return request<CurrentUserResult>({ url: '/api/oauth/CurrentUser' });
}

export function logout() {
  return request<void>({ url: '/api/oauth/Logout' });
}

/** Locks the session's screen; the server mirrors it so every tab and a reload see it. */
export function lockScreen() {
  return request<void>({ url: '/api/oauth/LockScreen', method: 'PUT' });
}

/** Unlocks with the account's password (md5 hex); a wrong one answers 400 with the server's text. */
export function unlockScreen(account: string, password: string) {
  // The lock screen says what was wrong under the password field: no toast besides.
  return request<void>({ url: '/api/oauth/LockScreen', method: 'POST', data: { account, password }, quiet: true });
}

/** A one-time ticket (60 s) for opening Atrium in a new window without putting the token in a URL. */
export function createTicket() {
  return request<{ ticket: string }>({ url: '/api/oauth/Ticket', method: 'POST' });
}

/** Exchanges a ticket for a session of its own (public call). */
export function ticketLogin(ticket: string) {
  return request<LoginResult>({ url: '/api/oauth/TicketLogin', method: 'POST', data: { ticket } });
}
