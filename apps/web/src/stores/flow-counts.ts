import { create } from 'zustand';
import { getFlowViewCounts } from '../api/workflow.ts';
import { onSessionReset } from './session-reset.ts';

/**
 * The counts of the to-do and my-applications menus (left menu badges, home cards). After a flow
 * action the server has committed but its lists may still be settling: the counts are read again
 * REFRESH_DELAY_MS later, and a burst of refreshes (an action plus the message it pushes) is read
 * once.
 */
export const REFRESH_DELAY_MS = 500;

export interface FlowCountsState {
  /** null until the first answer. */
  todo: number | null;
  launch: number | null;
  /** Reads the counts once per session (later calls do nothing until a refresh). */
  ensure(): void;
  /** Reads the counts REFRESH_DELAY_MS from now. */
  refreshSoon(): void;
  reset(): void;
}

let timer: ReturnType<typeof setTimeout> | null = null;
let loaded = false;
/** Bumped by reset: an answer that arrives after the session ended is dropped. */
let generation = 0;

export const useFlowCountsStore = create<FlowCountsState>()((set) => {
  const load = async () => {
    const mine = generation;
    try {
      const counts = await getFlowViewCounts();
      if (mine === generation) set({ todo: counts.toBeReviewed ?? 0, launch: counts.flowLaunch ?? 0 });
    } catch {
      // The wrapper has shown why; the badges keep their last value until the next refresh.
    }
  };
  return {
    todo: null,
    launch: null,
    ensure() {
      if (loaded) return;
      loaded = true;
      void load();
    },
    refreshSoon() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        loaded = true;
        void load();
      }, REFRESH_DELAY_MS);
    },
    reset() {
      if (timer) clearTimeout(timer);
      timer = null;
      loaded = false;
      generation += 1;
      set({ todo: null, launch: null });
    },
  };
});

/** Call after any flow action (approve, launch, withdraw ...): the menus' counts follow it. */
export function refreshFlowCounts(): void {
  useFlowCountsStore.getState().refreshSoon();
}

onSessionReset(() => useFlowCountsStore.getState().reset());
