import { createTicket } from '../api/oauth.ts';

/** The sign-on entry a new window opens: `/sso?ticket=..&redirect=<path>`. */
export function ssoUrl(ticket: string, path: string): string {
  return `/sso?ticket=${encodeURIComponent(ticket)}&redirect=${encodeURIComponent(path)}`;
}

/**
 * Opens an in-app path in a new window signed in by a one-time ticket (large-screen menus, type 6),
 * so the session token never appears in a URL, history or referrer.
 */
export async function openWithTicket(path: string): Promise<void> {
  // Opened before the call: a window opened after a network round trip counts as a pop-up and is blocked.
  const win = window.open('about:blank', '_blank');
  if (win) win.opener = null;
  try {
    const { data } = await createTicket();
    if (!data?.ticket) throw new Error('no ticket');
    const url = ssoUrl(data.ticket, path);
    if (win) win.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch {
    // The wrapper has shown why; an empty window would only confuse.
    win?.close();
  }
}
