import type { FormField } from '@atrium/shared/forms';
import type { FormStore } from '../store.ts';

/** What every widget of the adapter receives from the renderer. */
export interface WidgetProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** Disabled by the form, the field or the mode (read-only detail views pass both). */
  disabled: boolean;
  /** Detail views show values without inputs. */
  readOnly: boolean;
  /** Element id Form.Item points its label at. */
  id: string;
  /** The form's store: QR codes read another field, links and buttons need nothing else. */
  store: FormStore;
  /** The value's path in the store (relation and popup pickers keep their id at `<path>_id`). */
  path?: string;
  /** Identifies the record for dynamic QR codes and nested details. */
  formInfo?: { modelId?: string; recordId?: string; flowId?: string };
}

/** A widget prop read from the field JSON with a fallback. */
export function prop<T>(field: FormField, name: string, fallback: T): T {
  const v = field[name];
  return v === undefined || v === null ? fallback : (v as T);
}
