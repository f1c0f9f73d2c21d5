import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // argon2 hashing and database setup make the first test of a file slower than the default allows.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
