/**
 * Hook point for everything that must end with the session but lives outside the stores: the live
 * socket registers its close() here when it exists, so resetToken() needs no import of it.
 */
type ResetHook = () => void;

const hooks = new Set<ResetHook>();

export function onSessionReset(hook: ResetHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

export function runSessionResetHooks(): void {
  for (const hook of [...hooks]) {
    try {
      hook();
    } catch (error) {
      // One failing hook must not keep the others (or the token reset) from running.
      console.error('session reset hook failed', error);
    }
  }
}

const signOutHooks = new Set<ResetHook>();

/**
 * Runs when this tab signs out on purpose, before the server is told: the live socket leaves first,
 * so the server's logout push for the session reaches only the session's other tabs.
 */
export function onSignOut(hook: ResetHook): () => void {
  signOutHooks.add(hook);
  return () => signOutHooks.delete(hook);
}

export function runSignOutHooks(): void {
  for (const hook of [...signOutHooks]) {
    try {
      hook();
    } catch (error) {
      console.error('sign-out hook failed', error);
    }
  }
}
