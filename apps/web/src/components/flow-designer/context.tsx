/** What every part of one flow designer reads: its store and what it knows of the bound form. */
import type { CollectedField } from '@atrium/shared/forms';
import type { FlowLang } from '@atrium/shared/workflow';
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { FlowDesignerState, FlowDesignerStore } from './store.ts';

const StoreContext = createContext<FlowDesignerStore | null>(null);
export const FlowStoreProvider = StoreContext.Provider;

export function useFlowStore(): FlowDesignerStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('flow designer: a part was rendered outside FlowDesigner');
  return store;
}

/** A slice of the designer state; the component re-renders only when the slice changes. */
export function useFlow<T>(selector: (state: FlowDesignerState) => T): T {
  return useStore(useFlowStore(), selector);
}

export interface FlowEnv {
  /** The bound form's data fields, in form order (sub-table columns as `<table>-<column>`). */
  fields: readonly CollectedField[];
  /** Labels of the fields by key, for the summaries. */
  fieldLabels: Readonly<Record<string, string>>;
  /** The template's own code, which a sub-flow may not start. */
  templateCode?: string;
  lang: FlowLang;
  /** The ids of nodes and branches with a problem. */
  problemIds: ReadonlySet<string>;
}

const EnvContext = createContext<FlowEnv>({ fields: [], fieldLabels: {}, lang: 'zh-CN', problemIds: new Set() });
export const FlowEnvProvider = EnvContext.Provider;

export function useFlowEnv(): FlowEnv {
  return useContext(EnvContext);
}
