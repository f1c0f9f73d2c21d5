import { checkRegList, formTranslator, type FormField, type FormLang, type RegRule } from '@atrium/shared/forms';
import type { FormStore, Values } from './store.ts';

/**
 * What one sub-table cell is made of: its widget kind and form id, its value and choices, whether
 * it passes its checks (a failing pattern rule apart, with its message), its change and blur
 * handlers, the required flag and pattern rules of its column, and the whole row it belongs to.
 */
export interface SubTableCell {
  jnpfKey: string;
  formId: number | undefined;
  value: unknown;
  /** The column's static choices; empty for kinds without (or with choices from elsewhere). */
  options: readonly unknown[];
  /** No message shows under the cell. */
  valid: boolean;
  /** No pattern rule of the column fails; regErrorText is the message of the one that does. */
  regValid: boolean;
  regErrorText: string;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  required: boolean;
  regList: readonly RegRule[];
  /** The values of the cell's row. */
  rowData: Readonly<Values>;
}

interface CellInput {
  store: FormStore;
  table: string;
  rowId: string;
  field: FormField;
  lang: FormLang;
  /** The message the store holds for the cell, if any. */
  error: string | undefined;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}

/** The cell of `field` in row `rowId` of `table`, read from the store. */
export function subTableCell({ store, table, rowId, field, lang, error, onChange, onBlur }: CellInput): SubTableCell {
  const config = field.__config__;
  const value = store.cell(table, rowId, field.__vModel__!);
  const regList = config.regList ?? [];
  const options = (field.__slot__?.options ?? field.options ?? []) as unknown[];
  // The pattern rules' message, as the column is checked (a sub-table column: 'cannot be empty').
  const regError = error
    ? checkRegList(value, regList, { ...field, __config__: { ...config, isSubTable: true } }, formTranslator(lang))
    : undefined;
  const regFailed = regError !== undefined && regError === error;
  return {
    jnpfKey: config.jnpfKey,
    formId: config.formId,
    value,
    options: Array.isArray(options) ? options : [],
    valid: !error,
    regValid: !regFailed,
    regErrorText: regFailed ? regError : '',
    onChange,
    onBlur,
    required: config.required === true,
    regList,
    rowData: store.rows(table).find((r) => r.id === rowId)?.values ?? {},
  };
}
