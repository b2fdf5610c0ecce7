import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test-setup.ts"],
    // Generous bounds (vitest's 5 s default fails jsdom tests on a machine busy with other suites): slower, never red.
    testTimeout: 2 * 60_000,
    hookTimeout: 5 * 60_000,
    // Its ESM build imports a file without the .js extension, which Node refuses; Vite's resolver accepts it.
    server: { deps: { inline: ["@material/material-color-utilities"] } },
  },
});
