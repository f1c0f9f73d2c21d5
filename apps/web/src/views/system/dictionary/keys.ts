import type { QueryClient } from '@tanstack/react-query';
import { useDictionariesStore } from '../../../stores/dictionaries.ts';

/** react-query keys of the dictionary screen. */
export const DICTIONARY_KEY = ['system', 'dictionary'] as const;
export const TYPES_KEY = [...DICTIONARY_KEY, 'types'] as const;
export const itemsKey = (typeId: string | undefined, keyword: string) =>
  [...DICTIONARY_KEY, 'items', typeId, keyword] as const;

/**
 * After an edit on this screen: reload what the screen shows, and the shared dictionary cache right
 * away, so this user's own select widgets show the change without waiting for the revision check.
 */
export function afterDictionaryChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: DICTIONARY_KEY });
  void useDictionariesStore.getState().refresh();
}
