/**
 * The designer's state: the flat design, the selection and the undo history. The design changes
 * only through the named commands below; each is one immer recipe whose patches (and inverse
 * patches) are the history, so undo and redo replay exactly what a command did, however large the
 * form. Typing into one property merges into one step; a drag is one `move`.
 */
import type { FormJson, JnpfKey } from '@atrium/shared/forms';
import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  CONTAINER_KINDS,
  accepts,
  enclosingTable,
  fromFormJson,
  hasModel,
  idMaker,
  isWithin,
  kindKey,
  maxFormId,
  newField,
  parentKindOf,
  setPath,
  siblingsOf,
  subtreeIds,
  toFormJson,
  type DesignDoc,
  type DesignNode,
  type FormSettings,
  type NewFieldText,
  type NodeId,
} from './tree.ts';

enablePatches();

/** Consecutive edits of one property of one field within this time are one undo step. */
export const MERGE_MS = 1000;
/** Older steps are dropped beyond this many; a long session does not grow without end. */
const HISTORY_LIMIT = 200;

interface HistoryEntry {
  patches: Patch[];
  inverse: Patch[];
  /** Edits with the same key merge while they follow each other closely. */
  key?: string;
  at: number;
}

export interface DesignerState {
  doc: DesignDoc;
  selectedId: NodeId | null;
  past: HistoryEntry[];
  future: HistoryEntry[];

  /** Adds a new field of a kind at a position; answers its id, or null where the kind may not go. */
  add(kind: JnpfKey, parentId: NodeId | null, index?: number): NodeId | null;
  /** Moves a field (with its children) to a position, the index counted without the field itself. */
  move(id: NodeId, parentId: NodeId | null, index: number): boolean;
  /** Sets one property of a field by its path (`__config__.label`); undefined removes it. */
  update(id: NodeId, path: string, value: unknown): void;
  remove(id: NodeId): void;
  /** Copies a field (with its children) right after it, with new form ids and model names. */
  copy(id: NodeId): NodeId | null;
  /** Changes form settings; typing into one setting merges into one step. */
  setSettings(patch: Partial<FormSettings>): void;
  /** Replaces the whole design (an import, or clearing it) as one step. */
  replace(form: FormJson): void;
  select(id: NodeId | null): void;
  undo(): void;
  redo(): void;
  toFormJson(): FormJson;
}

export type DesignerStore = StoreApi<DesignerState>;

export interface DesignerStoreOptions {
  /** Wording of a new field's label and first options, in the user's language. */
  text?: (kind: JnpfKey) => NewFieldText;
  /** The clock of step merging; tests pass their own. */
  now?: () => number;
}

const plainText = (kind: JnpfKey): NewFieldText => ({
  label: kind,
  option: (n) => `Option ${n}`,
  item: (n) => `Item ${n}`,
});

/** Re-marks the fields of a subtree as columns of the sub-table they now sit in, or as none. */
function markSubTable(doc: Draft<DesignDoc>, id: NodeId): void {
  for (const at of subtreeIds(doc as DesignDoc, id)) {
    const node = doc.nodes[at]!;
    const table = enclosingTable(doc as DesignDoc, node.parentId);
    const cfg = node.field.__config__;
    if (table !== undefined) {
      cfg.isSubTable = true;
      cfg.parentVModel = table;
    } else if (cfg.isSubTable !== undefined || cfg.parentVModel !== undefined) {
      delete cfg.isSubTable;
      delete cfg.parentVModel;
    }
  }
}

/** Takes `count` fresh form ids: from idGlobal on, never below one in use; idGlobal moves past them. */
function allocateFormIds(doc: Draft<DesignDoc>, count: number): number {
  const start = Math.max(typeof doc.settings.idGlobal === 'number' ? doc.settings.idGlobal : 100, maxFormId(doc) + 1);
  doc.settings.idGlobal = start + count;
  return start;
}

function listOf(doc: Draft<DesignDoc>, parentId: NodeId | null): NodeId[] {
  return parentId === null ? doc.rootIds : doc.nodes[parentId]!.childIds;
}

const clampIndex = (index: number | undefined, length: number) =>
  index === undefined || index < 0 || index > length ? length : index;

export function createDesignerStore(initial: FormJson, options: DesignerStoreOptions = {}): DesignerStore {
  const nextId = idMaker();
  const text = options.text ?? plainText;
  const now = options.now ?? Date.now;

  return createStore<DesignerState>()((set, get) => {
    /**
     * Runs a recipe over the design and records it as a step. A recipe that changes nothing
     * records nothing. Answers whether the design changed.
     */
    const commit = (recipe: (doc: Draft<DesignDoc>) => void, key?: string, select?: NodeId | null): boolean => {
      const { doc, past } = get();
      const [next, patches, inverse] = produceWithPatches(doc, recipe);
      if (!patches.length) return false;
      const at = now();
      const last = past[past.length - 1];
      let nextPast: HistoryEntry[];
      if (key && last && last.key === key && at - last.at <= MERGE_MS) {
        // The same property typed into again: one step from before the first keystroke to now.
        const merged = { key, at, patches: [...last.patches, ...patches], inverse: [...inverse, ...last.inverse] };
        nextPast = [...past.slice(0, -1), merged];
      } else {
        nextPast = [...past, { patches, inverse, key, at }].slice(-HISTORY_LIMIT);
      }
      set({ doc: next, past: nextPast, future: [], ...(select !== undefined ? { selectedId: select } : {}) });
      return true;
    };

    /** After undo or redo the selected field may be gone. */
    const keepSelection = (doc: DesignDoc) => {
      const { selectedId } = get();
      return selectedId && !doc.nodes[selectedId] ? null : selectedId;
    };

    const createNode = (doc: Draft<DesignDoc>, kind: JnpfKey, parentId: NodeId | null, formId: number): NodeId => {
      const id = nextId();
      const field = newField(kind, formId, text(kind));
      const node: DesignNode = { id, parentId, childIds: [], container: CONTAINER_KINDS.has(kind), field };
      doc.nodes[id] = node as Draft<DesignNode>;
      return id;
    };

    return {
      doc: fromFormJson(initial, nextId),
      selectedId: null,
      past: [],
      future: [],

      add(kind, parentId, index) {
        const { doc } = get();
        if (parentId !== null && !doc.nodes[parentId]) return null;
        if (!accepts(parentKindOf(doc, parentId), kind)) return null;
        let created: NodeId | null = null;
        commit((draft) => {
          // A tab starts with two tabs and a collapse with one panel, so each can take fields at once.
          const items = kind === 'tab' ? 2 : kind === 'collapse' ? 1 : 0;
          let formId = allocateFormIds(draft, 1 + items);
          const id = createNode(draft, kind, parentId, formId++);
          const itemKind = kind === 'tab' ? 'tabItem' : 'collapseItem';
          for (let n = 1; n <= items; n += 1) {
            const child = createNode(draft, itemKind, id, formId++);
            const field = draft.nodes[child]!.field;
            field.title = text(kind).item(n);
            field.__config__.label = text(kind).item(n);
            field.name = String(n);
            draft.nodes[id]!.childIds.push(child);
          }
          const list = listOf(draft, parentId);
          list.splice(clampIndex(index, list.length), 0, id);
          markSubTable(draft, id);
          created = id;
        });
        if (created) set({ selectedId: created });
        return created;
      },

      move(id, parentId, index) {
        const { doc } = get();
        const node = doc.nodes[id];
        if (!node || (parentId !== null && !doc.nodes[parentId])) return false;
        if (parentId !== null && isWithin(doc, parentId, id)) return false;
        if (!accepts(parentKindOf(doc, parentId), kindKey(node.field))) return false;
        return commit((draft) => {
          const from = listOf(draft, node.parentId);
          const at = from.indexOf(id);
          from.splice(at, 1);
          const to = listOf(draft, parentId);
          const target = clampIndex(index, to.length);
          if (node.parentId === parentId && target === at) {
            // Put back where it was: no change, so no step.
            from.splice(at, 0, id);
            return;
          }
          to.splice(target, 0, id);
          draft.nodes[id]!.parentId = parentId;
          markSubTable(draft, id);
        });
      },

      update(id, path, value) {
        if (!get().doc.nodes[id] || path === '__config__.children' || path === '__config__') return;
        commit((draft) => {
          const node = draft.nodes[id]!;
          setPath(node.field as Record<string, unknown>, path, value);
          // A sub-table's new name goes to its columns' parentVModel.
          if (path === '__vModel__' && kindKey(node.field as never) === 'table') markSubTable(draft, id);
        }, `update:${id}:${path}`);
      },

      remove(id) {
        const { doc, selectedId } = get();
        const node = doc.nodes[id];
        if (!node) return;
        const gone = new Set(subtreeIds(doc, id));
        commit(
          (draft) => {
            const list = listOf(draft, node.parentId);
            list.splice(list.indexOf(id), 1);
            for (const at of gone) delete draft.nodes[at];
          },
          undefined,
          selectedId && gone.has(selectedId) ? null : selectedId,
        );
      },

      copy(id) {
        const { doc } = get();
        const node = doc.nodes[id];
        if (!node) return null;
        let created: NodeId | null = null;
        commit((draft) => {
          const ids = subtreeIds(doc, id);
          let formId = allocateFormIds(draft, ids.length);
          const mapping = new Map<NodeId, NodeId>(ids.map((old) => [old, nextId()]));
          for (const old of ids) {
            const source = doc.nodes[old]!;
            const field = structuredClone(source.field);
            const kind = kindKey(field);
            field.__config__.formId = formId;
            field.__config__.renderKey = `${formId}${now()}`;
            // A copy must not share the original's model name: it would be the same column twice.
            if (field.__vModel__ !== undefined || hasModel(kind)) field.__vModel__ = `${kind}Field${formId}`;
            formId += 1;
            const copied: DesignNode = {
              id: mapping.get(old)!,
              parentId: old === id ? source.parentId : mapping.get(source.parentId!)!,
              childIds: source.childIds.map((c) => mapping.get(c)!),
              container: source.container,
              field,
            };
            draft.nodes[copied.id] = copied as Draft<DesignNode>;
          }
          const list = listOf(draft, node.parentId);
          created = mapping.get(id)!;
          list.splice(list.indexOf(id) + 1, 0, created);
          markSubTable(draft, created);
        });
        if (created) set({ selectedId: created });
        return created;
      },

      setSettings(patch) {
        const keys = Object.keys(patch).sort().join(',');
        commit((draft) => {
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined) delete (draft.settings as Record<string, unknown>)[key];
            else (draft.settings as Record<string, unknown>)[key] = value;
          }
        }, `settings:${keys}`);
      },

      replace(form) {
        const next = fromFormJson(form, nextId);
        commit(
          (draft) => {
            draft.nodes = next.nodes as Draft<DesignDoc['nodes']>;
            draft.rootIds = next.rootIds;
            draft.settings = next.settings as Draft<FormSettings>;
          },
          undefined,
          null,
        );
      },

      select(id) {
        set({ selectedId: id !== null && get().doc.nodes[id] ? id : null });
      },

      undo() {
        const { past, future, doc } = get();
        const entry = past[past.length - 1];
        if (!entry) return;
        const next = applyPatches(doc, entry.inverse);
        // The step is closed: typing after an undo starts a new one.
        set({ doc: next, past: past.slice(0, -1), future: [...future, { ...entry, key: undefined }] });
        set({ selectedId: keepSelection(next) });
      },

      redo() {
        const { past, future, doc } = get();
        const entry = future[future.length - 1];
        if (!entry) return;
        const next = applyPatches(doc, entry.patches);
        set({ doc: next, past: [...past, entry], future: future.slice(0, -1) });
        set({ selectedId: keepSelection(next) });
      },

      toFormJson() {
        return toFormJson(get().doc);
      },
    };
  });
}

/** Where a new field goes for a click in the palette: see `addPosition`. */
export interface Position {
  parentId: NodeId | null;
  index: number;
}

/**
 * Where a clicked palette kind is added: into the selected container when it takes the kind,
 * else right after the selected field (or after the nearest enclosing field whose container takes
 * it), else at the end of the form. Null when the kind fits nowhere (a tab with no tab selected).
 */
export function addPosition(doc: DesignDoc, selectedId: NodeId | null, kind: string): Position | null {
  const selected = selectedId ? doc.nodes[selectedId] : undefined;
  if (selected) {
    if (selected.container && accepts(kindKey(selected.field), kind)) {
      return { parentId: selected.id, index: selected.childIds.length };
    }
    for (let at: DesignNode | undefined = selected; at; at = at.parentId ? doc.nodes[at.parentId] : undefined) {
      if (accepts(parentKindOf(doc, at.parentId), kind)) {
        return { parentId: at.parentId, index: siblingsOf(doc, at.parentId).indexOf(at.id) + 1 };
      }
    }
  }
  return accepts(null, kind) ? { parentId: null, index: doc.rootIds.length } : null;
}
