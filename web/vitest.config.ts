import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test-setup.ts"],
    // Its ESM build imports a file without the .js extension, which Node refuses; Vite's resolver accepts it.
    server: { deps: { inline: ["@material/material-color-utilities"] } },
  },
});
