import { PAGE_BACKGROUND } from './theme.ts';

/**
 * Marks <html> with the colour scheme so the page background (outside antd components) and native
 * controls follow dark mode. index.html does the same before React starts, from the stored settings,
 * so a reload never flashes the other scheme.
 */
export function applyDocumentTheme(darkMode: boolean): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset.theme = darkMode ? 'dark' : 'light';
  root.style.colorScheme = darkMode ? 'dark' : 'light';
  root.style.backgroundColor = darkMode ? PAGE_BACKGROUND.dark : PAGE_BACKGROUND.light;
}
