/**
 * What the form bench page answers on `window.formBench` (types only: the bench process reads it
 * through Playwright, the page fills it).
 */
export type PageMode = 'runtime' | 'plain';

export interface FormBenchApi {
  mode: PageMode;
  /** Set once the complete form (every field's widget, the first rows) has been painted. */
  ready: boolean;
  /** Milliseconds from navigation start to that paint. */
  paintedMs: number;
  /** First contentful paint (a skeleton may be all it shows), for reference. */
  fcpMs: number | null;
  /** Field components rendered since load (FieldItem and sub-table Cell); 0 on the plain page. */
  renders: number;
  /** Per keystroke: key event dispatched to the end of its synchronous work and React commit. */
  keyMs: number[];
  /** Per submit click: the click to the end of validation and the commit of its messages. */
  submitMs: number[];
  /** Messages the last submit found. */
  submitErrors: number;
  /** Inputs and cells mounted in the DOM. */
  mountedInputs: number;
  /** Clears every message, so that each timed submit shows its messages afresh. */
  clearErrors(): void;
  /** CSS selectors of the elements the bench drives. */
  selectors: { topInput: string; cellInput: string; submit: string };
}
