import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development; the web app calls it under /prod (stripped by the server) or /api. */
const API_TARGET = process.env.ATRIUM_API_TARGET ?? 'http://localhost:3000';

// Vendor groups: React + router and i18n change rarely and antd is the bulk of every screen, so each
// gets its own long-cached chunk (measured: letting antd split per view saves only ~20 kB gzip on
// /login and scatters it over many small chunks). Views stay in their own lazy chunks.
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  {
    name: 'antd',
    test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis|dayjs)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
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
