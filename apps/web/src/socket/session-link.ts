import { SOCKET_PATH, type LogoutFrame } from '@atrium/shared';
import { feedback } from '../app/feedback.ts';
import { API_BASE } from '../api/request.ts';
import { getNavigator, loginPathFor } from '../router/navigation.ts';
import i18n from '../locales/index.ts';
import { onSessionReset, onSignOut } from '../stores/session-reset.ts';
import { useSessionStore, type SessionState } from '../stores/session.ts';
import { LiveSocket } from './live-socket.ts';
import { linkMessaging } from './messaging-link.ts';

/** The logout push's message shows for 1 s. */
export const LOGOUT_MESSAGE_SECONDS = 1;

/** ws(s)://host/prod/api/message/websocket/{token}, beside the page (or beside an absolute API base). */
export function socketUrl(token: string, base: string = API_BASE, page: string = window.location.href): string {
  const url = new URL(`${base}${SOCKET_PATH}${encodeURIComponent(token)}`, page);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The tab's live socket: one connection per browser tab. */
export const liveSocket = new LiveSocket({ url: (token) => socketUrl(token) });

/** Full page loads, replaceable in unit tests (jsdom cannot navigate). */
export const pageLoad = {
  replace(url: string): void {
    window.location.replace(url);
  },
};

/**
 * Server logout push: its message (default 'login expired') for 1 s, then the token goes and the
 * sign-in page loads afresh. A full load rather than a router navigation, so nothing the previous
 * user loaded (stores, caches, kept-alive pages) survives in this tab's memory.
 */
export function handleLogout(frame: LogoutFrame): void {
  const text = frame.msg || i18n.t('socket.loginExpired');
  void feedback().message.error({ content: text, duration: LOGOUT_MESSAGE_SECONDS, key: 'socket-logout' });
  const wanted = getNavigator().current();
  window.setTimeout(() => {
    useSessionStore.getState().resetToken();
    pageLoad.replace(loginPathFor(wanted));
  }, LOGOUT_MESSAGE_SECONDS * 1000);
}

/** Server refresh push: rights changed but the session goes on; reload menus and permissions. */
export function handleRefresh(): void {
  // A failure has been shown by the request wrapper; the old menus stay until the next load.
  useSessionStore
    .getState()
    .loadCurrentUser()
    .catch(() => undefined);
}

function follow(state: Pick<SessionState, 'token' | 'loaded'>, socket: LiveSocket): void {
  // Connect once the current user has loaded: a stale stored token is dropped by the guard first.
  if (state.token && state.loaded) socket.start(state.token);
  else if (!state.token) socket.stop();
}

/**
 * Ties the live socket to the session: connected while signed in (the current user loaded),
 * closed on sign-out (before the server is told) and on any token reset; logout and refresh
 * pushes act on the session. Called once at start; returns the undo for tests.
 */
export function linkLiveSocket(socket: LiveSocket = liveSocket): () => void {
  const stops = [
    useSessionStore.subscribe((state) => follow(state, socket)),
    onSessionReset(() => socket.stop()),
    onSignOut(() => socket.stop()),
    socket.events.on('logout', handleLogout),
    socket.events.on('refresh', handleRefresh),
    linkMessaging(socket),
  ];
  follow(useSessionStore.getState(), socket);
  return () => {
    for (const stop of stops) stop();
    socket.stop();
  };
}
