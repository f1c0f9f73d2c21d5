import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'bench'],
    // Vitest's default leaves one core free, which on a two-core machine runs one file at a time.
    // Files are independent (a PostgreSQL schema and a Redis prefix of their own), so use them all.
    maxWorkers: '100%',
  },
});
