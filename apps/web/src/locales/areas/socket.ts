/** Texts of the live socket in the three languages; the main locale files take each part. */
export const socket = {
  'zh-CN': {
    loginExpired: '登录过期，请重新登录',
  },
  'zh-TW': {
    loginExpired: '登入過期，請重新登入',
  },
  'en-US': {
    loginExpired: 'Login expired, please log in again',
  },
};
