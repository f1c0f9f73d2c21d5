import type { AttachmentRules, SizeUnit } from './rules.ts';

/** The part of a form field (the form JSON) the upload widgets read. */
export interface UploadFormField {
  __config__?: { label?: string; jnpfKey?: string; [key: string]: unknown };
  __vModel__?: string;
  disabled?: boolean;
  limit?: number;
  fileSize?: number;
  sizeUnit?: SizeUnit | string;
  accept?: string;
  buttonText?: string;
  tipText?: string;
  showTip?: boolean;
  /** Upload button: where it posts. Image upload: the stored type (default annexpic). */
  action?: string;
  pathType?: string;
  [key: string]: unknown;
}

/** What the form runtime hands every field component. */
export interface UploadFieldProps<V> {
  field: UploadFormField;
  value: V | null | undefined;
  onChange: (value: V) => void;
  disabled?: boolean;
  readOnly?: boolean;
}

export function rulesOf(field: UploadFormField): AttachmentRules {
  return {
    limit: typeof field.limit === 'number' ? field.limit : undefined,
    fileSize: typeof field.fileSize === 'number' ? field.fileSize : undefined,
    sizeUnit: field.sizeUnit as SizeUnit | undefined,
    accept: typeof field.accept === 'string' ? field.accept : undefined,
  };
}
