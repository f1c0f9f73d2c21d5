import type { MessageCatalogue } from '../../core/messages.ts';

/** Server messages of the socket area, merged into the catalogue of core/messages.ts. */
export const socketMessages = {
  /** `logout` push to the other tabs of a session that was signed out. */
  sessionSignedOut: {
    'zh-CN': '您已退出登录，请重新登录',
    'zh-TW': '您已登出，請重新登入',
    'en-US': 'You have signed out, please sign in again',
  },
} satisfies MessageCatalogue;
