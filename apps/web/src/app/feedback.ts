import { message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { App } from 'antd';

/**
 * Toasts, confirms and notices for code outside React (request wrapper, guard). Static antd functions
 * cannot read ConfigProvider (theme, locale), so <AppFeedbackBridge> registers the context-bound
 * instances of App.useApp() here on mount; the static ones are only the fallback before that (and in
 * unit tests, where they are mocked).
 */
type AppApi = ReturnType<typeof App.useApp>;
export interface Feedback {
  message: Pick<AppApi['message'], 'error' | 'success' | 'info' | 'warning'>;
  modal: { confirm: (config: Parameters<typeof Modal.confirm>[0]) => unknown };
  notification: Pick<AppApi['notification'], 'info' | 'open'>;
}

const fallback: Feedback = {
  message: staticMessage,
  modal: { confirm: (config) => Modal.confirm(config) },
  notification: staticNotification,
};

let current: Feedback = fallback;

export function setFeedback(next: Feedback | null): void {
  current = next ?? fallback;
}

export function feedback(): Feedback {
  return current;
}

/** Error toast of spec 1 section 8: 1.5 s, one per distinct text so a burst of failures shows once. */
export function toastError(text: string): void {
  void current.message.error({ content: text, duration: 1.5, key: `error:${text}` });
}
