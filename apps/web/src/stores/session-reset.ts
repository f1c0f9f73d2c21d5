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
