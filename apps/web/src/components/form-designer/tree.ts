/**
 * The designer's model of a form: a flat table of nodes (one per field, children by id) plus the
 * form settings. Flat, so that a change to one field replaces one node object and the canvas
 * re-renders that node alone; toFormJson() rebuilds the nested FormJson the rest of the app reads.
 */
import { FIELD_KINDS, type FormField, type FormJson, type JnpfKey, type PropSchema } from '@atrium/shared/forms';

export type NodeId = string;

/** One field of the design, without its children (they are `childIds`). */
export interface DesignNode {
  id: NodeId;
  parentId: NodeId | null;
  childIds: NodeId[];
  /** Whether the field keeps a `__config__.children` list (containers, and unknown kinds that had one). */
  container: boolean;
  field: FormField;
}

/** The form JSON without its fields. Omit<> would drop the named keys of a type with an index signature. */
export type FormSettings = { [K in keyof FormJson as K extends 'fields' ? never : K]: FormJson[K] };

export interface DesignDoc {
  nodes: Record<NodeId, DesignNode>;
  rootIds: NodeId[];
  settings: FormSettings;
}

/** Kinds that hold other fields. */
export const CONTAINER_KINDS: ReadonlySet<string> = new Set([
  'row',
  'card',
  'tab',
  'tabItem',
  'collapse',
  'collapseItem',
  'tableGrid',
  'table',
]);

/** Items live only in their own container, and their container holds nothing else. */
const ITEM_OF: Partial<Record<string, JnpfKey>> = { tab: 'tabItem', collapse: 'collapseItem' };

/** Whether a field of `kind` may sit in `parentKind` (null: the form itself). */
export function accepts(parentKind: string | null, kind: string): boolean {
  if (kind === 'tabItem') return parentKind === 'tab';
  if (kind === 'collapseItem') return parentKind === 'collapse';
  if (parentKind === null) return true;
  const item = ITEM_OF[parentKind];
  if (item) return kind === item;
  if (parentKind === 'table') {
    // A sub-table holds columns: data fields only, no layout and no nested table.
    const k = FIELD_KINDS[kind as JnpfKey];
    return !!k && k.hasValue && k.group !== 'layout' && kind !== 'table';
  }
  return CONTAINER_KINDS.has(parentKind);
}

export const kindKey = (field: FormField): string => String(field.__config__?.jnpfKey ?? '');

// ---------------------------------------------------------------------------------------------
// Property paths ('__config__.label', 'props.props.value', 'on.change').

export function getPath(target: unknown, path: string): unknown {
  let at: unknown = target;
  for (const part of path.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** Sets a value at a path, creating objects on the way; undefined deletes the key. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (!next || typeof next !== 'object' || Array.isArray(next)) at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1]!;
  if (value === undefined) delete at[last];
  else at[last] = value;
}

// ---------------------------------------------------------------------------------------------
// Flattening and rebuilding.

/** Makes node ids; one per store, so ids never repeat within a designer. */
export type IdMaker = () => NodeId;

export function idMaker(prefix = 'n'): IdMaker {
  let n = 0;
  return () => `${prefix}${++n}`;
}

/** Flattens fields into `nodes`, answering the ids of the top level. */
export function flattenFields(
  fields: readonly FormField[],
  parentId: NodeId | null,
  nodes: Record<NodeId, DesignNode>,
  nextId: IdMaker,
): NodeId[] {
  return fields.map((source) => {
    const id = nextId();
    const { children, ...config } = source.__config__;
    const container = Array.isArray(children) || CONTAINER_KINDS.has(String(source.__config__.jnpfKey));
    const node: DesignNode = { id, parentId, childIds: [], container, field: { ...source, __config__: config } };
    nodes[id] = node;
    if (Array.isArray(children)) node.childIds = flattenFields(children, id, nodes, nextId);
    return id;
  });
}

/** The flat design of a form. The form is copied: the design never shares objects with it. */
export function fromFormJson(form: FormJson, nextId: IdMaker = idMaker()): DesignDoc {
  const { fields, ...settings } = structuredClone(form);
  const nodes: Record<NodeId, DesignNode> = {};
  const rootIds = flattenFields(Array.isArray(fields) ? fields : [], null, nodes, nextId);
  return { nodes, rootIds, settings };
}

/** The nested field of a node, children included, as new objects. */
export function nodeToField(doc: Pick<DesignDoc, 'nodes'>, id: NodeId): FormField {
  const node = doc.nodes[id]!;
  const field = structuredClone(node.field) as FormField;
  if (node.container) field.__config__.children = node.childIds.map((c) => nodeToField(doc, c));
  return field;
}

/** The nested FormJson of a design, as new objects the caller may keep or change. */
export function toFormJson(doc: DesignDoc): FormJson {
  return { ...structuredClone(doc.settings), fields: doc.rootIds.map((id) => nodeToField(doc, id)) };
}

// ---------------------------------------------------------------------------------------------
// Queries over the flat tree.

export function siblingsOf(doc: DesignDoc, parentId: NodeId | null): NodeId[] {
  return parentId === null ? doc.rootIds : (doc.nodes[parentId]?.childIds ?? []);
}

/** Whether `id` is `ancestor` or lies inside it. */
export function isWithin(doc: Pick<DesignDoc, 'nodes'>, id: NodeId | null, ancestor: NodeId): boolean {
  for (let at = id; at !== null; at = doc.nodes[at]?.parentId ?? null) if (at === ancestor) return true;
  return false;
}

/** Every id of a subtree, the root first. */
export function subtreeIds(doc: Pick<DesignDoc, 'nodes'>, id: NodeId): NodeId[] {
  const node = doc.nodes[id];
  return node ? [id, ...node.childIds.flatMap((c) => subtreeIds(doc, c))] : [];
}

export function parentKindOf(doc: DesignDoc, parentId: NodeId | null): string | null {
  return parentId === null ? null : kindKey(doc.nodes[parentId]!.field);
}

/** The sub-table a position lies in (its model name), if any. */
export function enclosingTable(doc: DesignDoc, parentId: NodeId | null): string | undefined {
  for (let at = parentId; at !== null; at = doc.nodes[at]?.parentId ?? null) {
    const field = doc.nodes[at]!.field;
    if (kindKey(field) === 'table') return field.__vModel__ ?? '';
  }
  return undefined;
}

/** The largest form id in use. */
export function maxFormId(doc: DesignDoc): number {
  let max = 0;
  for (const node of Object.values(doc.nodes)) {
    const id = node.field.__config__.formId;
    if (typeof id === 'number' && id > max) max = id;
  }
  return max;
}

// ---------------------------------------------------------------------------------------------
// New fields.

/** The kind's property defaults, written where the field has nothing yet. */
export function applyDefaults(field: FormField, props: readonly PropSchema[]): void {
  for (const prop of props) {
    if (prop.default === undefined || getPath(field, prop.name) !== undefined) continue;
    setPath(field as Record<string, unknown>, prop.name, structuredClone(prop.default));
  }
}

/** Kinds whose options are a tree kept in `options` rather than `__slot__.options`. */
export const TREE_OPTION_KINDS: ReadonlySet<string> = new Set(['cascader', 'treeSelect']);

/** Whether a kind gets a model name of its own (data fields and sub-tables). */
export const hasModel = (kind: string) => !!FIELD_KINDS[kind as JnpfKey]?.hasValue;

export interface NewFieldText {
  /** The kind's name in the user's language, the new field's label. */
  label: string;
  /** Names of the first options of an option field and of the items of a tab or collapse. */
  option: (n: number) => string;
  item: (n: number) => string;
}

/**
 * A new field of a kind: its form id, model name `<kind>Field<formId>` for data kinds, render key,
 * the common configuration and its kind's property defaults.
 */
export function newField(kind: JnpfKey, formId: number, text: NewFieldText): FormField {
  const spec = FIELD_KINDS[kind];
  const container = CONTAINER_KINDS.has(kind);
  const field: FormField = {
    __config__: {
      jnpfKey: kind,
      label: text.label,
      formId,
      renderKey: `${formId}${Date.now()}`,
      layout: container ? 'rowFormItem' : 'colFormItem',
      span: 24,
      showLabel: true,
      required: false,
      regList: [],
      visibility: ['pc', 'app'],
    },
  };
  if (hasModel(kind)) field.__vModel__ = `${kind}Field${formId}`;
  if (spec.hasValue && kind !== 'table') Object.assign(field, { placeholder: '' });
  // Tree-shaped option kinds keep their options in `options`: an empty __slot__.options would hide them.
  const props = TREE_OPTION_KINDS.has(kind) ? spec.props.filter((p) => p.name !== '__slot__.options') : spec.props;
  applyDefaults(field, props);
  if (kind === 'radio' || kind === 'checkbox' || kind === 'select') {
    field.__slot__ = { ...field.__slot__, options: [1, 2].map((n) => ({ id: String(n), fullName: text.option(n) })) };
  }
  if (TREE_OPTION_KINDS.has(kind)) {
    field.options = [{ id: '1', fullName: text.option(1), children: [{ id: '1-1', fullName: text.option(2) }] }];
  }
  if (kind === 'groupTitle' || kind === 'divider' || kind === 'JNPFText') field.content = text.label;
  if (kind === 'alert') field.title = text.label;
  if (kind === 'card') field.header = text.label;
  if (kind === 'tabItem' || kind === 'collapseItem') {
    field.title = text.label;
    // The item's key among its siblings; the form id is unique in the form.
    field.name = String(formId);
  }
  if (kind === 'table') field.__config__.showTitle = true;
  return field;
}
