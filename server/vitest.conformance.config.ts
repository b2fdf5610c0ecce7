import { defineConfig } from "vitest/config";

// `npm run test:conformance`: every API operation as other Teldrive clients send it, directly and through nginx.
export default defineConfig({
  test: {
    include: ["test/**/*.conformance.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
  },
});
