import { create } from 'zustand';

/** A visited view in the tags bar (the bar itself comes with the full shell). */
export interface VisitedView {
  path: string;
  title: string;
  /** Pinned views (home) cannot be closed. */
  affix?: boolean;
}

export interface TagsState {
  visitedViews: VisitedView[];
  addView(view: VisitedView): void;
  reset(): void;
}

export const useTagsStore = create<TagsState>()((set, get) => ({
  visitedViews: [],
  addView(view) {
    if (get().visitedViews.some((v) => v.path === view.path)) return;
    set({ visitedViews: [...get().visitedViews, view] });
  },
  reset() {
    set({ visitedViews: [] });
  },
}));
