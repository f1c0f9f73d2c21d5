import { Tag } from 'antd';
import type { TFunction } from 'i18next';

/** The dictionary whose item codes are the templates' categories. */
export const FLOW_CATEGORY_DICTIONARY = 'flowCategory';

/** formType of a template: a designed form (a visual-development model) or a fixed code form. */
export const FormType = { designed: 1, code: 2 } as const;

/** A template's publish state: its published version, and whether a draft differs from it. */
export function versionTag(t: TFunction, currentVersion: number | null, hasDraft: boolean) {
  return (
    <>
      {currentVersion ? <Tag color="green">v{currentVersion}</Tag> : <Tag>{t('flowDesigner.engine.unpublished')}</Tag>}
      {hasDraft && currentVersion ? <Tag color="orange">{t('flowDesigner.engine.hasDraft')}</Tag> : null}
    </>
  );
}
