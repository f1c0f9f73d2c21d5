/** Product name shown until the server's system config says otherwise. */
export const DEFAULT_SYS_NAME = 'Atrium';
