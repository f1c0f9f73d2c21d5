import type { DictionaryEntry, DictionaryOption } from '@atrium/shared';
import { useEffect } from 'react';
import { create } from 'zustand';
import { dictionaryDataApi } from '../api/dictionary.ts';
import { onSessionReset } from './session-reset.ts';

/**
 * The dictionary cache of every form's select widgets:
 * GET .../DictionaryData/All once, then kept until the server's dictionary revision moves. The
 * cheap revision check runs when a widget needs the cache (at most every CHECK_INTERVAL_MS) and
 * when the window regains focus; the dictionary screen refreshes it right after its own edits.
 */
export interface DictionariesState {
  /** null until the first load answers. */
  entries: DictionaryEntry[] | null;
  /** The server revision the entries were read at. */
  revision: number;
  /** When the revision was last compared with the server's (ms). */
  checkedAt: number;
  failed: boolean;
  /** Loads the cache if it was never loaded, else re-reads it when the server has a newer revision. */
  ensure(): Promise<void>;
  /** Reads the whole cache again now (after an edit of this user). */
  refresh(): Promise<void>;
  reset(): void;
}

/** Checking more often buys little: another admin's edit is seen within this time, or on focus. */
export const CHECK_INTERVAL_MS = 15_000;

const empty = { entries: null, revision: -1, checkedAt: 0, failed: false };

/** The call in flight, shared by every widget that asks at the same moment. */
let pending: Promise<void> | null = null;
/** Bumped by reset: an answer that arrives after the session ended is dropped. */
let generation = 0;

export const useDictionariesStore = create<DictionariesState>()((set, get) => {
  const once = (work: () => Promise<void>): Promise<void> => {
    if (pending) return pending;
    const mine = generation;
    pending = work()
      .catch(() => {
        // The request wrapper has shown the error; widgets show no options and the next check retries.
        if (mine === generation) set({ failed: true });
      })
      .finally(() => {
        if (mine === generation) pending = null;
      });
    return pending;
  };

  const loadAll = async () => {
    const mine = generation;
    const all = await dictionaryDataApi.all();
    if (mine !== generation) return;
    set({ entries: all.list, revision: all.revision, checkedAt: Date.now(), failed: false });
  };

  return {
    ...empty,
    ensure() {
      const { entries, checkedAt, revision } = get();
      if (!entries) return once(loadAll);
      if (Date.now() - checkedAt < CHECK_INTERVAL_MS) return Promise.resolve();
      return once(async () => {
        const mine = generation;
        const current = await dictionaryDataApi.revision();
        if (mine !== generation) return;
        if (current === revision) set({ checkedAt: Date.now() });
        else await loadAll();
      });
    },
    refresh() {
      // An edit just happened: a check already in flight may have read the old state, so load anew.
      const run = () => {
        pending = null;
        return once(loadAll);
      };
      return pending ? pending.then(run) : run();
    },
    reset() {
      generation += 1;
      pending = null;
      set({ ...empty });
    },
  };
});

onSessionReset(() => useDictionariesStore.getState().reset());

if (typeof window !== 'undefined') {
  // Coming back to the tab is when another admin's edits are most likely to matter.
  window.addEventListener('focus', () => {
    const state = useDictionariesStore.getState();
    if (state.entries) {
      useDictionariesStore.setState({ checkedAt: 0 });
      void state.ensure();
    }
  });
}

/** The cached dictionary whose id or enCode is given. */
export function findDictionary(entries: DictionaryEntry[] | null, idOrCode: string | undefined) {
  if (!entries || !idOrCode) return undefined;
  return entries.find((e) => e.id === idOrCode) ?? entries.find((e) => e.enCode === idOrCode);
}

/** Every item of a (tree) dictionary, parents before their children. */
export function flattenOptions(options: DictionaryOption[]): DictionaryOption[] {
  return options.flatMap((o) => [o, ...flattenOptions(o.children ?? [])]);
}

export interface UseDictionaryResult {
  /** The enabled items (a tree for tree types); empty while loading or when the type is unknown. */
  options: DictionaryOption[];
  entry: DictionaryEntry | undefined;
  loading: boolean;
  /** The item's name for a stored id (or enCode); the value itself when no item matches. */
  labelOf(value: string | null | undefined): string;
}

/**
 * One dictionary by type id or enCode, for select widgets and for showing stored values as text.
 * Mounting it makes sure the cache is loaded and fresh.
 */
export function useDictionary(idOrCode: string | undefined): UseDictionaryResult {
  const entries = useDictionariesStore((s) => s.entries);
  const failed = useDictionariesStore((s) => s.failed);
  const ensure = useDictionariesStore((s) => s.ensure);
  useEffect(() => {
    if (idOrCode) void ensure();
  }, [idOrCode, ensure]);
  const entry = findDictionary(entries, idOrCode);
  const options = entry?.dictionaryList ?? [];
  return {
    options,
    entry,
    loading: !entries && !failed && !!idOrCode,
    labelOf(value) {
      if (value === null || value === undefined || value === '') return '';
      const item = flattenOptions(options).find((o) => o.id === value || o.enCode === value);
      return item?.fullName ?? value;
    },
  };
}
