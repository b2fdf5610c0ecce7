import { defineConfig } from "vitest/config";

/**
 * Imports from real sources, run once (`npm test`'s "imports (real sources)" suite), not in each database variant:
 * Debian's OpenSSH server, `rclone serve webdav`, a Node HTTP server, a server killed mid-import, and (with
 * TEST_DATABASE_URL) two instances on one PostgreSQL sharing a schedule.
 */
export default defineConfig({
  test: {
    include: ["test/imports-real/**/*.test.ts"],
    testTimeout: 5 * 60_000,
    hookTimeout: 10 * 60_000,
    maxWorkers: 1,
  },
});
