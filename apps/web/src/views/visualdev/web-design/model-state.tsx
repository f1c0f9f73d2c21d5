import { Tag } from 'antd';
import type { TFunction } from 'i18next';

/** The dictionary whose item codes are the models' categories. */
export const CATEGORY_DICTIONARY = 'formCategory';

/**
 * A model's release state as a tag: released and unchanged, released with changes since, or never
 * released (`state` is 0 in both of the last two; the release time tells them apart).
 */
export function stateTag(t: TFunction, state: number, releasedAt?: number | null) {
  if (state === 1) return <Tag color="green">{t('visualdev.released')}</Tag>;
  if (releasedAt) return <Tag color="orange">{t('visualdev.changed')}</Tag>;
  return <Tag>{t('visualdev.draft')}</Tag>;
}
