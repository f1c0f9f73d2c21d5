import type { TFunction } from 'i18next';

/** Message types (1 notice, 2 flow, 3 system) and channels (1 in-app; 2-4 stored for later). */
export const MESSAGE_TYPES = [1, 2, 3] as const;
export const CHANNELS = [1, 2, 3, 4] as const;

export const messageTypeOptions = (t: TFunction) =>
  MESSAGE_TYPES.map((v) => ({ value: v, label: t(`msgTemplate.type${v}`) }));

/** Only in-app messages are delivered today; the others are saved for the channels to come. */
export const channelOptions = (t: TFunction) =>
  CHANNELS.map((v) => ({
    value: v,
    label: `${t(`msgTemplate.channel${v}`)}${v === 1 ? '' : t('msgTemplate.channelLater')}`,
  }));
