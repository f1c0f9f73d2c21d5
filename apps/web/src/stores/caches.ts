import { create } from 'zustand';

/**
 * Organisation and dictionary data cached for pickers. Filled by the modules that
 * need them; cleared with the session so the next user never sees the previous user's data.
 */
export interface CachesState {
  dictionaries: Record<string, unknown>;
  users: unknown[] | null;
  positions: unknown[] | null;
  roles: unknown[] | null;
  departments: unknown[] | null;
  groups: unknown[] | null;
  reset(): void;
}

const empty = {
  dictionaries: {},
  users: null,
  positions: null,
  roles: null,
  departments: null,
  groups: null,
};

export const useCachesStore = create<CachesState>()((set) => ({
  ...empty,
  reset() {
    set({ ...empty });
  },
}));
