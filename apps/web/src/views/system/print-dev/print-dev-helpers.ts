import { saveFile } from '../../../components/print-preview/index.ts';

/** The dictionary whose item codes are the templates' categories. */
export const CATEGORY_DICTIONARY = 'printCategory';

/** Saves an export answer (a Blob, or the JSON the wrapper parsed) as `<name>.json`. */
export function saveExport(file: unknown, name: string): void {
  const content = file instanceof Blob ? file : [JSON.stringify(file, null, 2)];
  saveFile(content, `${name}.json`, 'application/json;charset=utf-8');
}
