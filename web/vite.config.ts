import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// What every page runs: one chunk compresses better than the dozen small ones automatic splitting makes of it.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]/;

const apiTarget = process.env.API_URL ?? "http://localhost:8080";

export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss()],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, ws: true, changeOrigin: false } },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "framework", test: FRAMEWORK }],
        },
      },
    },
  },
});
