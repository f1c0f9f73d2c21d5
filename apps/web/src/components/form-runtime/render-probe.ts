/**
 * A count of field renders (FieldItem and sub-table Cell), for the form benchmark
 * (bench/form-page): it switches `enabled` on and reads `renders` around keystrokes to check that a
 * keystroke re-renders only the field typed into and the calculated fields it feeds. Off in the
 * product, where a render pays one property read for it.
 */
export const renderProbe = { enabled: false, renders: 0 };

export function countRender(): void {
  if (renderProbe.enabled) renderProbe.renders++;
}
