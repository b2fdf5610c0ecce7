import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite boots a WASM Postgres per test file; two at a time fits a 2-core machine.
    maxWorkers: 2,
  },
});
