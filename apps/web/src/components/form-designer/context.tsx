/** The designer instance's store, handed to every part of the designer through context. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { DesignerState, DesignerStore } from './store.ts';

const DesignerContext = createContext<DesignerStore | null>(null);

export const DesignerProvider = DesignerContext.Provider;

export function useDesignerStore(): DesignerStore {
  const store = useContext(DesignerContext);
  if (!store) throw new Error('form designer: a part was rendered outside FormDesigner');
  return store;
}

/** A slice of the designer state; the component re-renders only when the slice changes. */
export function useDesigner<T>(selector: (state: DesignerState) => T): T {
  return useStore(useDesignerStore(), selector);
}

/** The ids of the fields that have a design problem, kept apart so a node reads only its own flag. */
export type ProblemStore = StoreApi<{ ids: ReadonlySet<string> }>;

const ProblemContext = createContext<ProblemStore | null>(null);

export const ProblemProvider = ProblemContext.Provider;

export function useHasProblem(id: string): boolean {
  const store = useContext(ProblemContext);
  if (!store) throw new Error('form designer: a part was rendered outside FormDesigner');
  return useStore(store, (s) => s.ids.has(id));
}
