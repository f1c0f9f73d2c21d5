import { md5Hex } from '@atrium/shared';
import { LOCK_PATH } from '../router/guard.ts';
import { getNavigator } from '../router/navigation.ts';
import { session as sessionStorage, StorageName } from '../utils/storage.ts';

/**
 * Keeps the screen lock the same in every tab of a session. Session storage is per tab, so a lock in
 * one tab reaches the others over a BroadcastChannel; a reload keeps it through session storage and
 * the server's CurrentUser.userInfo.locked.
 */
export const LOCK_CHANNEL = 'atrium-session';

export interface LockMessage {
  type: 'lock' | 'unlock';
  /** md5 of the token: tabs of another session on the same origin ignore the message. */
  session: string;
}

/** What the channel needs from the session store (passed in: the store imports this file). */
export interface LockHost {
  token: string | null;
  locked: boolean;
  setLocked(locked: boolean): void;
}

let channel: BroadcastChannel | null | undefined;

function lockChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOCK_CHANNEL) : null;
  return channel;
}

export function sessionTag(token: string): string {
  return md5Hex(token);
}

export function postLockMessage(type: LockMessage['type'], token: string | null): void {
  if (!token) return;
  try {
    lockChannel()?.postMessage({ type, session: sessionTag(token) } satisfies LockMessage);
  } catch {
    // A closed channel (page unloading) has no one left to tell.
  }
}

const pathOf = (path: string) => path.split(/[?#]/)[0];

/** Remembers the page that was open when the screen locked, to return there after unlocking. */
export function rememberReturnPath(path: string): void {
  if (pathOf(path) === LOCK_PATH || pathOf(path) === '/login') return;
  sessionStorage.set(StorageName.lockReturn, path);
}

/** The remembered page (forgotten once read), else /home. */
export function takeReturnPath(): string {
  const path = sessionStorage.get<string>(StorageName.lockReturn);
  sessionStorage.remove(StorageName.lockReturn);
  // Only in-app paths: the value comes from storage another script on the origin could write.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/home';
}

function isLockMessage(data: unknown): data is LockMessage {
  const message = data as LockMessage | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    (message.type === 'lock' || message.type === 'unlock') &&
    typeof message.session === 'string'
  );
}

/** Follows locks and unlocks made in other tabs of the same session. Returns the unsubscribe. */
export function followOtherTabs(host: () => LockHost): () => void {
  const ch = lockChannel();
  if (!ch) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (!isLockMessage(event.data)) return;
    const state = host();
    if (!state.token || event.data.session !== sessionTag(state.token)) return;
    const nav = getNavigator();
    if (event.data.type === 'lock' && !state.locked) {
      rememberReturnPath(nav.current());
      state.setLocked(true);
      nav.navigate(LOCK_PATH, { replace: true });
    } else if (event.data.type === 'unlock' && state.locked) {
      state.setLocked(false);
      if (pathOf(nav.current()) === LOCK_PATH) nav.navigate(takeReturnPath(), { replace: true });
    }
  };
  ch.addEventListener('message', onMessage);
  return () => ch.removeEventListener('message', onMessage);
}
