import { create } from 'zustand';

/** A visited view in the tags bar, keyed by its full path (pathname + search), like the page cache. */
export interface VisitedView {
  /** Full path: '/system/user?tab=2'. */
  path: string;
  /** Title as the menu names it; fixed routes give `titleKey` instead so the tag follows the language. */
  title: string;
  titleKey?: string;
  /** Pinned views (home) cannot be closed. */
  affix?: boolean;
  /** Icon class of the menu entry, for the tags icon setting. */
  icon?: string;
}

export interface TagsState {
  visitedViews: VisitedView[];
  /** Adds a view, or refreshes the title of one already there. */
  addView(view: VisitedView): void;
  /** Removes one view (never an affix one); returns the views left. */
  delView(path: string): VisitedView[];
  /** Keeps the affix views and `path`. */
  delOthers(path: string): VisitedView[];
  /** Keeps only the affix views. */
  delAll(): VisitedView[];
  reset(): void;
}

function sameView(a: VisitedView, b: VisitedView): boolean {
  return a.title === b.title && a.titleKey === b.titleKey && a.affix === b.affix && a.icon === b.icon;
}

export const useTagsStore = create<TagsState>()((set, get) => ({
  visitedViews: [],
  addView(view) {
    const views = get().visitedViews;
    const at = views.findIndex((v) => v.path === view.path);
    if (at < 0) {
      // Affix views stay at the front whatever the order of visits.
      const next = view.affix ? [view, ...views] : [...views, view];
      set({ visitedViews: next });
      return;
    }
    if (sameView(views[at], view)) return;
    set({ visitedViews: views.map((v, i) => (i === at ? { ...v, ...view } : v)) });
  },
  delView(path) {
    const next = get().visitedViews.filter((v) => v.path !== path || v.affix);
    set({ visitedViews: next });
    return next;
  },
  delOthers(path) {
    const next = get().visitedViews.filter((v) => v.affix || v.path === path);
    set({ visitedViews: next });
    return next;
  },
  delAll() {
    const next = get().visitedViews.filter((v) => v.affix);
    set({ visitedViews: next });
    return next;
  },
  reset() {
    set({ visitedViews: [] });
  },
}));
