/** A `MediaQueryList` that answers `matches` and never changes: happy-dom has no media queries. */
export const fakeMediaQuery = (query: string, matches: boolean) => ({
  matches,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
