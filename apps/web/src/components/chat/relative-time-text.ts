import { relativeTime } from '@atrium/shared';
import type { TFunction } from 'i18next';

/** A time in the conversation list: 'just now', 'n min ago' ... or the full date. */
export function relativeTimeText(t: TFunction, time: number | null | undefined, now: number = Date.now()): string {
  if (!time) return '';
  const rel = relativeTime(time, now);
  switch (rel.unit) {
    case 'justNow':
      return t('chat.justNow');
    case 'date':
      return rel.text;
    default:
      return t(`chat.${rel.unit}Ago`, { count: rel.count });
  }
}
