/** Where the caret (or selection) of a text field was when it lost focus. */
export interface Caret {
  start: number;
  end: number;
}

/**
 * The text with `insertion` put at the caret (replacing a selection), and the caret after it.
 * Without a known caret it goes at the end.
 */
export function insertAt(text: string, insertion: string, caret?: Caret): { text: string; caret: number } {
  const start = Math.min(caret?.start ?? text.length, text.length);
  const end = Math.min(Math.max(caret?.end ?? start, start), text.length);
  return { text: text.slice(0, start) + insertion + text.slice(end), caret: start + insertion.length };
}
