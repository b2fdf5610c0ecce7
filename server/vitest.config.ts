import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Imports from real sources run once, in a suite of their own (vitest.imports.config.ts).
    // S3-only checks need the S3 endpoint of `npm test`'s Ceph step (TEST_S3_ENDPOINT), and several server
    // instances need a database they can share (TEST_DATABASE_URL: PGlite is one process's); every other
    // file runs against whichever database and store the environment selects.
    exclude: [
      "test/imports-real/**",
      ...(process.env.TEST_S3_ENDPOINT ? [] : ["test/storage-s3.test.ts"]),
      ...(process.env.TEST_DATABASE_URL ? [] : ["test/multi-instance.test.ts", "test/webdav-instances.test.ts"]),
    ],
    // Generous bounds, not synchronisation: hooks wait for a real server and database to be ready (a PGlite boot, a
    // PostgreSQL database), which on a machine shared by several suites can take minutes. Slower, never red.
    testTimeout: 5 * 60_000,
    hookTimeout: 10 * 60_000,
    // A test that fails once on a busy machine and then passes is reported by name (flaky: …), not made red; one that
    // fails twice is red.
    retry: 1,
    reporters: ["default", "./test/retried-reporter.ts"],
    // PGlite boots a WASM Postgres per test file; two at a time fits a 2-core machine.
    maxWorkers: 2,
  },
});
