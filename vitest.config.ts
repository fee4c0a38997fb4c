import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every package; browser tests have their own config (web/e2e). */
export default defineConfig({
  test: {
    include: ['{shared,machines,server,scripts}/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'web/e2e/**', 'scripts/resilience/**'],
    // The web tests run as a zh-CN browser (a first visit follows the browser's language).
    setupFiles: ['web/src/test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
