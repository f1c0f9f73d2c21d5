import { askConfirm, feedback } from '../../app/feedback.ts';
import i18n from '../../locales/index.ts';

/** The delete confirmation; resolves true when the user confirms. */
export function confirmRemove(content: string = i18n.t('admin.confirmRemove')): Promise<boolean> {
  return askConfirm(i18n.t('admin.confirmRemoveTitle'), content, true);
}

/**
 * Asks, then deletes: shows the server's success message and calls `onRemoved`. A refusal (say, a
 * department that still has users) is shown by the request wrapper with the server's reason.
 */
export async function removeWithConfirm(
  remove: () => Promise<{ msg?: string }>,
  onRemoved: () => void,
): Promise<boolean> {
  if (!(await confirmRemove())) return false;
  try {
    const res = await remove();
    void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : i18n.t('admin.removed'));
    onRemoved();
    return true;
  } catch {
    return false;
  }
}
