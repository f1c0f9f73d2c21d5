export { FormDesigner, type FormDesignerProps } from './form-designer.tsx';
export { checkFormDesign } from './problems.ts';
export { createDesignerStore, type DesignerState, type DesignerStore } from './store.ts';
export { fromFormJson, toFormJson } from './tree.ts';
export { readDesignFile, downloadDesign } from './transfer.ts';
export { migrateFormDesign, FORM_SCHEMA_VERSION, DesignFormatError } from '@atrium/shared/forms';

// In a module of its own, so a page can name the texts without loading the component.
export { formDesignerTexts } from './texts.ts';
