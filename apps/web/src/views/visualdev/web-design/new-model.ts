import { EMPTY_COLUMN_DATA, type ColumnData, type FormJson } from '@atrium/shared/forms';

/** The form of a new model: no fields yet, the usual dialog settings, records under the optimistic lock. */
export function newFormJson(): FormJson {
  return {
    schemaVersion: 1,
    size: 'middle',
    labelPosition: 'right',
    labelWidth: 100,
    gutter: 15,
    popupType: 'general',
    generalWidth: '600px',
    fullScreenWidth: '100%',
    drawerWidth: '600px',
    hasCancelBtn: true,
    cancelButtonText: '取 消',
    hasConfirmBtn: true,
    confirmButtonText: '确 定',
    hasPrintBtn: false,
    printButtonText: '打 印',
    concurrencyLock: true,
    logicalDelete: false,
    idGlobal: 100,
    fields: [],
  };
}

export function newColumnData(): ColumnData {
  return structuredClone(EMPTY_COLUMN_DATA);
}

/** Parses a design text, or answers the fallback when it is empty or broken. */
export function parseDesign<T>(text: string | null | undefined, fallback: () => T): T {
  if (!text) return fallback();
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as T) : fallback();
  } catch {
    return fallback();
  }
}
