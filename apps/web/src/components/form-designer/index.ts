import type { AreaTexts } from '../../locales/index.ts';

export { FormDesigner, type FormDesignerProps } from './form-designer.tsx';
export { checkFormDesign } from './problems.ts';
export { createDesignerStore, type DesignerState, type DesignerStore } from './store.ts';
export { fromFormJson, toFormJson } from './tree.ts';
export { readDesignFile, downloadDesign } from './transfer.ts';
export { migrateFormDesign, FORM_SCHEMA_VERSION, DesignFormatError } from '@atrium/shared/forms';

/** The designer's texts, one chunk per language; the hosting page loads them with loadAreaTexts. */
export const formDesignerTexts: AreaTexts = {
  'zh-CN': () => import('../../locales/areas/form-designer/zh-CN.ts'),
  'zh-TW': () => import('../../locales/areas/form-designer/zh-TW.ts'),
  'en-US': () => import('../../locales/areas/form-designer/en-US.ts'),
};
