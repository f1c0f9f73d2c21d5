import {
  holdsValue,
  isShownOnWeb,
  migrateFormDesign,
  type FormField,
  type FormJson,
  type JnpfKey,
} from '@atrium/shared/forms';
import { isPermitted } from './model.ts';
import type { Values } from './store.ts';

/** The attribute kinds: another column of the row picked in a relation or popup field. */
const ATTRIBUTE_KINDS: ReadonlySet<JnpfKey> = new Set<JnpfKey>(['relationFormAttr', 'popupAttr']);

/**
 * Kinds a detail view keeps as they are: each shows its text read-only and links to the related
 * record (relation form, popup select), or shows a column of it (the attributes).
 */
const RELATION_KINDS: ReadonlySet<JnpfKey> = new Set<JnpfKey>([
  'relationForm',
  'popupSelect',
  'relationFormAttr',
  'popupAttr',
]);

/** Kinds whose display text would read wrong through their own widget (ids looked up again). */
const TEXT_KINDS: ReadonlySet<JnpfKey> = new Set<JnpfKey>(['textarea', 'editor']);

/**
 * The form of a detail view whose values come as people read them (the record's DataChange:
 * names, labels, formatted dates and numbers): every data field shows its text as it is, instead of
 * a picker looking the name up again as if it were an id; long texts keep their lines. The relation
 * kinds stay themselves: their text links to the related record.
 */
export function detailForm(form: FormJson): FormJson {
  const walk = (fields: readonly FormField[]): FormField[] =>
    fields.map((field) => {
      const cfg = field.__config__;
      if (!cfg || RELATION_KINDS.has(cfg.jnpfKey)) return field;
      if (cfg.jnpfKey === 'table' || !holdsValue(field)) {
        return Array.isArray(cfg.children) ? { ...field, __config__: { ...cfg, children: walk(cfg.children) } } : field;
      }
      const key: JnpfKey = TEXT_KINDS.has(cfg.jnpfKey) ? 'textarea' : 'comInput';
      return { ...field, multiple: false, __config__: { ...cfg, jnpfKey: key } } as FormField;
    });
  return { ...form, fields: walk(form.fields) };
}

/**
 * The detail view's form with the attribute fields hidden whose source field (the relation or
 * popup field they read a column of) is hidden: by noShow, by a visibility without pc, inside a
 * hidden container, or not granted. An attribute of a field the user cannot see would otherwise
 * show a column of a record the user was never shown. Answers the same form when nothing changes.
 */
export function hideOrphanAttributes(form: FormJson, granted?: ReadonlySet<string>): FormJson {
  const hidden = new Set<string>();
  const collect = (fields: readonly FormField[] | undefined, table: string | undefined, shown: boolean) => {
    for (const field of fields ?? []) {
      const cfg = field?.__config__;
      if (!cfg) continue;
      const v = field.__vModel__;
      const key = v && (table ? `${table}-${v}` : v);
      const visible = shown && isShownOnWeb(field) && isPermitted(key, granted);
      if (key && !visible) hidden.add(key);
      const isTable = cfg.jnpfKey === 'table' && !!v;
      collect(cfg.children, isTable ? v : table, visible);
    }
  };
  collect(form.fields, undefined, true);
  if (!hidden.size) return form;

  let changed = false;
  const walk = (fields: readonly FormField[], table: string | undefined): FormField[] =>
    fields.map((field) => {
      const cfg = field?.__config__;
      if (!cfg) return field;
      if (ATTRIBUTE_KINDS.has(cfg.jnpfKey) && !cfg.noShow) {
        const source = typeof field.relationField === 'string' ? field.relationField : '';
        // a column's attribute may read a column of its own row or a field of the main form
        if (source && ((table && hidden.has(`${table}-${source}`)) || hidden.has(source))) {
          changed = true;
          return { ...field, __config__: { ...cfg, noShow: true } };
        }
      }
      if (!Array.isArray(cfg.children)) return field;
      const isTable = cfg.jnpfKey === 'table' && !!field.__vModel__;
      return { ...field, __config__: { ...cfg, children: walk(cfg.children, isTable ? field.__vModel__ : table) } };
    });
  const fields = walk(form.fields, undefined);
  return changed ? { ...form, fields } : form;
}

/** A record's values from the JSON text of its `data`; text that is no JSON object reads as none. */
export function recordValues(text: string | null | undefined): Values {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {};
  } catch {
    return {};
  }
}

/** A released form from its JSON text, in the current design shape; unreadable text is an empty form. */
export function formFromText(text: string | null | undefined): FormJson {
  try {
    const form = migrateFormDesign(text ? text : { fields: [] });
    return { ...form, fields: Array.isArray(form.fields) ? form.fields : [] };
  } catch {
    return { fields: [] };
  }
}
