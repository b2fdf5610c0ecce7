import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// What every page runs: one chunk compresses better than the dozen small ones automatic splitting makes of it.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]/;

const apiTarget = process.env.API_URL ?? "http://localhost:8080";

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset next to it, served by the server as they are (no work per request).
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|mjs|css|html|svg|json|wasm|txt)$/,
      threshold: 1024,
    }),
  ],
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
