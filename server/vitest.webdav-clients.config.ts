import { defineConfig } from "vitest/config";

// `npm run test:webdav-clients`: WebDAV driven by clients we did not write (litmus, rclone, cadaver), once, on PGlite.
export default defineConfig({
  test: {
    include: ["test/**/*.webdav-clients.ts"],
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
    maxWorkers: 1,
  },
});
