import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

/** The API server in development; the web app calls it under /prod (stripped by the server) or /api. */
const API_TARGET = process.env.ATRIUM_API_TARGET ?? 'http://localhost:3000';

// Vendor groups: React + router and i18n change rarely and every route needs them, so each gets its
// own long-cached chunk. antd is NOT grouped: one antd chunk holds every component any lazy page uses
// (tables, pickers, uploads...), all downloaded by /login. Measured with scripts/bundle-budget.mjs:
// grouped, /login needed ~500 KB gzipped JS and the shell ~520 KB; split by use, 328 KB and 365 KB.
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  // The button with its wave, the space it sits in and the motion they share: every route, the
  // sign-in page included, renders them. Left to the splitter, each new lazy page that also uses
  // them cut them into more small shared chunks, each costing every route its own overhead
  // (measured: sign-in 221.1 KB and the shell 323.6 KB before, 219.5 KB and 316.2 KB after).
  {
    name: 'antd-button',
    test: /[\\/]node_modules[\\/](antd[\\/]es[\\/](wave|space|button)|@rc-component[\\/]motion)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/prod': { target: API_TARGET, changeOrigin: true, ws: true },
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-budget.mjs measures the route budgets from it.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group, i) => ({ ...group, priority: VENDOR_GROUPS.length - i })),
        },
      },
    },
  },
});
