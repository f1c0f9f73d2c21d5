/** Texts of the live socket in the three languages; the main locale files take each part. */
export const socket = {
  loginExpired: 'Login expired, please log in again',
};
