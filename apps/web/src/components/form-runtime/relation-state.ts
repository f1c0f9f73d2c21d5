import { create } from 'zustand';
import { onSessionReset } from '../../stores/session-reset.ts';
import type { Values } from './store.ts';

/**
 * The record a view is about (the dynamic-model extra): a form detail view records its model and
 * record here with type 2 while it is open, and gives the previous one back when it closes, so a
 * nested detail of a related record does not leave its own behind.
 */
export interface DynamicModelExtra {
  modelId: string;
  id: string;
  type: number;
}

/** The type a form detail view records. */
export const DETAIL_EXTRA_TYPE = 2;

/** At most this many related records are kept; the oldest go first. */
const RELATION_DATA_LIMIT = 200;

interface RelationState {
  dynamicModelExtra: DynamicModelExtra | null;
  /**
   * Related records as people read them, by `<source>#<id>` (source: `model:<modelId>` for a
   * related form, `interface:<interfaceId>` for a popup select): what the attribute fields and the
   * popup detail show. A record that failed to load is held as an empty one.
   */
  relationData: Record<string, Values>;
  setDynamicModelExtra(extra: DynamicModelExtra | null): void;
  setRelationData(key: string, values: Values): void;
  reset(): void;
}

export const useRelationStore = create<RelationState>()((set) => ({
  dynamicModelExtra: null,
  relationData: {},
  setDynamicModelExtra: (extra) => set({ dynamicModelExtra: extra }),
  setRelationData: (key, values) =>
    set((s) => {
      const next = { ...s.relationData };
      // a key set again moves to the end: the oldest keys are the first ones
      delete next[key];
      const keys = Object.keys(next);
      for (const old of keys.slice(0, Math.max(0, keys.length + 1 - RELATION_DATA_LIMIT))) delete next[old];
      next[key] = values;
      return { relationData: next };
    }),
  reset: () => set({ dynamicModelExtra: null, relationData: {} }),
}));

onSessionReset(() => useRelationStore.getState().reset());

/** Loads under way, by key: fields showing the same related record share one request. */
const loading = new Map<string, Promise<Values>>();

/**
 * Loads a related record into the relation data and answers it. A load that fails (the record was
 * deleted, the caller may not read it, the interface is down) leaves an empty record: the fields
 * that show it read empty rather than keep the view waiting.
 */
export function loadRelationData(key: string, load: () => Promise<Values>): Promise<Values> {
  let pending = loading.get(key);
  if (!pending) {
    pending = Promise.resolve()
      .then(load)
      .catch((): Values => ({}))
      .then((values) => {
        useRelationStore.getState().setRelationData(key, values);
        return values;
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}
