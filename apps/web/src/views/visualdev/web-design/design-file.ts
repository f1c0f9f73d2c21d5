import type { ModelForm, ModelInfo } from '../../../api/visualdev.ts';

/**
 * A model's design as a file: what the function design list exports and imports. The file holds the
 * model's basic information and its three design texts; importing it creates a new draft.
 */
export interface DesignFile extends ModelForm {
  /** Marks the file as an Atrium function design, so another JSON file is refused by name. */
  kind: 'atrium.visualdev.model';
}

const KIND = 'atrium.visualdev.model';
const TEXTS = ['formData', 'columnData', 'appData'] as const;

export function toDesignFile(model: ModelInfo): DesignFile {
  return {
    kind: KIND,
    fullName: model.fullName,
    enCode: model.enCode,
    type: model.type,
    category: model.category,
    webType: model.webType,
    formData: model.formData,
    columnData: model.columnData,
    appData: model.appData,
    enabledMark: model.enabledMark,
    sortCode: model.sortCode,
    description: model.description,
  };
}

/** The model a design file describes; null for anything else (another JSON file, broken text). */
export function fromDesignFile(text: string): ModelForm | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const file = value as Partial<DesignFile>;
  if (file.kind !== KIND || typeof file.fullName !== 'string' || typeof file.enCode !== 'string') return null;
  if (!TEXTS.every((key) => file[key] === undefined || typeof file[key] === 'string')) return null;
  if (typeof file.formData !== 'string') return null;
  return {
    fullName: file.fullName,
    enCode: file.enCode,
    type: file.type ?? 1,
    category: typeof file.category === 'string' ? file.category : '',
    webType: file.webType ?? 2,
    formData: file.formData,
    columnData: file.columnData ?? '',
    appData: file.appData ?? '',
    enabledMark: file.enabledMark === 0 ? 0 : 1,
    sortCode: typeof file.sortCode === 'number' ? file.sortCode : 0,
    description: typeof file.description === 'string' ? file.description : '',
  };
}
