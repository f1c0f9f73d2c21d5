/** Texts of the live socket in the three languages; the main locale files take each part. */
export const socket = {
  loginExpired: '登入過期，請重新登入',
};
