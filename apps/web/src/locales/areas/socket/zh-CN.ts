/** Texts of the live socket in the three languages; the main locale files take each part. */
export const socket = {
  loginExpired: '登录过期，请重新登录',
};
