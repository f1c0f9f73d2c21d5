import type { MessageCatalogue } from '../../core/messages.ts';

/** Server messages of the socket area, registered with core/messages.ts by its routes plugin. */
export const socketMessages = {
  /** `logout` push to the other tabs of a session that was signed out. */
  sessionSignedOut: {
    'zh-CN': '您已退出登录，请重新登录',
    'zh-TW': '您已登出，請重新登入',
    'en-US': 'You have signed out, please sign in again',
  },
  /** `logout` push to the open tabs of a user an administrator deleted. */
  accountRemoved: {
    'zh-CN': '您的账号已被删除，请联系管理员',
    'zh-TW': '您的帳號已被刪除，請聯絡管理員',
    'en-US': 'Your account has been removed, please contact an administrator',
  },
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    socket: typeof socketMessages;
  }
}
