import type { PageMode } from './api.ts';

/**
 * The form bench page. `?mode=runtime` renders the bench form with Atrium's form runtime;
 * `?mode=plain` renders the same fields and rows as uncontrolled inputs, the reference the bench
 * divides by. Each mode is its own chunk, so neither pays for the other's code.
 */
const mode: PageMode = new URLSearchParams(location.search).get('mode') === 'plain' ? 'plain' : 'runtime';
const root = document.getElementById('root')!;
if (mode === 'plain') void import('./plain-page.tsx').then((page) => page.mount(root));
else void import('./runtime-page.tsx').then((page) => page.mount(root));
