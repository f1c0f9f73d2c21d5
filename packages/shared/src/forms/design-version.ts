/**
 * The version of the form design JSON and the upgrade of older designs to the current shape. The
 * designer runs it on what it loads and imports, the server on what it reads from storage, so a
 * design saved by an earlier release keeps working without a data migration.
 *
 * Versions:
 * - none (0): the first release. `schemaVersion` is absent; numbers were sometimes saved as text
 *   (`"formId": "101"`, `"span": "12"`), containers could lack their `children` list, sizes used the
 *   old names (`medium`, `mini`, `default`), sub-table columns did not always carry `isSubTable` and
 *   `parentVModel`, and `idGlobal` could lag behind the form ids in use (a copy then reused an id).
 * - 1: all of the above normalised, and `schemaVersion: 1` on the form.
 */
import type { FormField, FormJson } from './types.ts';

/** The version this release writes. */
export const FORM_SCHEMA_VERSION = 1;

/** Why a design could not be read; callers word the message in their own language. */
export type DesignFormatReason = 'notJson' | 'notObject' | 'noFields' | 'badField' | 'newerVersion';

export class DesignFormatError extends Error {
  readonly reason: DesignFormatReason;
  constructor(reason: DesignFormatReason, detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'DesignFormatError';
    this.reason = reason;
  }
}

const CONTAINER_KEYS = new Set(['row', 'card', 'tab', 'tabItem', 'collapse', 'collapseItem', 'tableGrid', 'table']);

/** The first release wrote Element UI's size names; the renderer reads antd's. */
const OLD_SIZES: Record<string, FormJson['size']> = { medium: 'middle', mini: 'small', default: 'middle' };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A number saved as text becomes a number; anything else is left as it is. */
function numeric(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** Checks the shape of every field, recursively; throws on the first field that is not one. */
function checkFields(fields: unknown[], where: string): void {
  fields.forEach((field, i) => {
    const at = `${where}[${i}]`;
    if (!isObject(field) || !isObject(field.__config__) || typeof field.__config__.jnpfKey !== 'string')
      throw new DesignFormatError('badField', at);
    const children = field.__config__.children;
    if (children !== undefined && !Array.isArray(children)) throw new DesignFormatError('badField', `${at}.children`);
    if (Array.isArray(children)) checkFields(children, `${at}.children`);
  });
}

function upgradeFromFirstRelease(form: FormJson): void {
  let maxFormId = 0;
  const walk = (fields: FormField[], table: string | undefined) => {
    for (const field of fields) {
      const cfg = field.__config__;
      for (const key of ['formId', 'span', 'labelWidth'] as const) {
        if (cfg[key] !== undefined) cfg[key] = numeric(cfg[key]) as never;
      }
      if (typeof cfg.formId === 'number') maxFormId = Math.max(maxFormId, cfg.formId);
      if (CONTAINER_KEYS.has(cfg.jnpfKey) && !Array.isArray(cfg.children)) cfg.children = [];
      if (table) {
        cfg.isSubTable = true;
        cfg.parentVModel = table;
      }
      if (Array.isArray(cfg.children)) {
        // Columns of a sub-table belong to it; anything else passes the enclosing table on.
        walk(cfg.children, cfg.jnpfKey === 'table' ? (field.__vModel__ ?? table) : table);
      }
    }
  };
  walk(form.fields, undefined);
  for (const key of ['labelWidth', 'gutter', 'idGlobal'] as const) {
    if (form[key] !== undefined) form[key] = numeric(form[key]) as never;
  }
  if (typeof form.size === 'string' && Object.hasOwn(OLD_SIZES, form.size)) form.size = OLD_SIZES[form.size];
  // idGlobal is the next free form id: never one already taken.
  const next = Math.max(typeof form.idGlobal === 'number' ? form.idGlobal : 100, maxFormId + 1);
  form.idGlobal = next;
}

/**
 * Reads a design of any release (an object, or its JSON text) and answers it in the current shape,
 * as a new object: the argument is never changed. Throws DesignFormatError when the input is no
 * form design, or comes from a newer release than this one.
 */
export function migrateFormDesign(json: unknown): FormJson {
  let data: unknown = json;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      throw new DesignFormatError('notJson');
    }
  }
  if (!isObject(data)) throw new DesignFormatError('notObject');
  if (!Array.isArray(data.fields)) throw new DesignFormatError('noFields');
  checkFields(data.fields, 'fields');
  const version = data.schemaVersion === undefined ? 0 : Number(data.schemaVersion);
  if (!Number.isInteger(version) || version < 0) throw new DesignFormatError('notObject', 'schemaVersion');
  if (version > FORM_SCHEMA_VERSION) throw new DesignFormatError('newerVersion', String(version));

  const form = structuredClone(data) as FormJson;
  if (version < 1) upgradeFromFirstRelease(form);
  // Each further version adds its step here: `if (version < 2) upgradeTo2(form);`
  form.schemaVersion = FORM_SCHEMA_VERSION;
  return form;
}
