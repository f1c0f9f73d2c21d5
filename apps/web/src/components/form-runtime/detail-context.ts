import { createContext, use } from 'react';

/** Opens the detail of a related form's record (its model and record id) from inside a detail view. */
export type DetailOpener = (modelId: string | undefined, recordId: string | undefined) => void;

const DetailOpenerContext = createContext<DetailOpener | null>(null);

/**
 * Given by a form detail view to the fields it shows: a related-form link opens its record through
 * the view, so the nested detail takes the view's mode and the view shows its loading flag.
 */
export const DetailOpenerProvider = DetailOpenerContext.Provider;

/** The opener of the detail view around the caller; null outside one. */
export function useDetailOpener(): DetailOpener | null {
  return use(DetailOpenerContext);
}
