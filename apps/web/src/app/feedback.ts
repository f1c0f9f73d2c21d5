import type { ReactNode } from 'react';
import i18n from '../locales/index.ts';
import type { Feedback } from './feedback-types.ts';

export type { Feedback };

/**
 * The first call loads antd's static functions (themed through ConfigProvider.config, see
 * feedback-static.tsx): toasts, modals and notices are code no screen needs for its first paint, so
 * they stay off the sign-in page's and the shell's first download. Tests put fakes in with setFeedback.
 */
let bound: Feedback | null = null;
let fallback: Promise<Feedback> | null = null;

function withFeedback(run: (target: Feedback) => unknown): void {
  if (bound) {
    run(bound);
    return;
  }
  fallback ??= import('./feedback-static.tsx').then((m) => m.staticFeedback);
  void fallback.then((loaded) => run(bound ?? loaded));
}

const deferred: Feedback = {
  message: {
    error: (content) => withFeedback((f) => f.message.error(content)),
    success: (content) => withFeedback((f) => f.message.success(content)),
    info: (content) => withFeedback((f) => f.message.info(content)),
    warning: (content) => withFeedback((f) => f.message.warning(content)),
  },
  modal: {
    confirm: (config) => withFeedback((f) => f.modal.confirm(config)),
    success: (config) => withFeedback((f) => f.modal.success(config)),
  },
  notification: {
    info: (config) => withFeedback((f) => f.notification.info(config)),
    open: (config) => withFeedback((f) => f.notification.open(config)),
  },
};

export function setFeedback(next: Feedback | null): void {
  bound = next;
}

export function feedback(): Feedback {
  return deferred;
}

/** Error toast: 1.5 s, one per distinct text so a burst of failures shows once. */
export function toastError(text: string): void {
  feedback().message.error({ content: text, duration: 1.5, key: `error:${text}` });
}

/**
 * The OK / Cancel question a screen asks before an action (delete, release, replace ...); resolves
 * true on OK. `danger` paints OK red, for what cannot be undone.
 */
export function askConfirm(title: string, content: ReactNode, danger = false): Promise<boolean> {
  return new Promise((resolve) => {
    feedback().modal.confirm({
      title,
      content,
      ...(danger ? { okType: 'danger' as const } : {}),
      okText: i18n.t('common.ok'),
      cancelText: i18n.t('common.cancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
