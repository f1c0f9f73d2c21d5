import type { QueryClient } from '@tanstack/react-query';
import { askConfirm, feedback } from '../../app/feedback.ts';
import i18n from '../../locales/index.ts';
import { refreshFlowCounts } from '../../stores/flow-counts.ts';

/** The react-query key prefix of every workflow list, reloaded after any flow action. */
export const WORKFLOW_QUERY_KEY = ['workflow'] as const;

/**
 * Runs a flow action and does what follows every one of them: the server's message as a toast, the
 * menus' counts read again (500 ms later) and the workflow lists reloaded. Answers false when the
 * call failed (the request wrapper has shown why).
 */
export async function runFlowAction(
  call: () => Promise<{ msg?: string }>,
  queryClient?: QueryClient,
): Promise<boolean> {
  try {
    const res = await call();
    void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : i18n.t('workflow.done'));
  } catch {
    return false;
  }
  refreshFlowCounts();
  if (queryClient) void queryClient.invalidateQueries({ queryKey: WORKFLOW_QUERY_KEY });
  return true;
}

/** Asks before a list action (withdraw, urge, terminate ...); resolves true on OK. */
export function confirmFlowAction(content: string): Promise<boolean> {
  return askConfirm(i18n.t('workflow.confirmTitle'), content);
}
