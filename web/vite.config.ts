import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// What every page runs: one chunk compresses better than the dozen small ones automatic splitting makes of it.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]/;

// Small modules that the first load of /my-drive, /share/{id} and (most of them) /login all fetch: the header, the API
// client, the stores, buttons, file icons. Left to automatic splitting they become ~30 chunks of a few hundred bytes,
// each compressed alone; in one chunk they compress together (measured with bench/src/budget-check.ts). Only list
// modules every one of those pages loads anyway, or loading one page would pull in another page's code.
const SHELL = new RegExp(
  [
    /node_modules[\\/](zustand|tailwind-merge)[\\/]/,
    /node_modules[\\/]lucide-react[\\/].*[\\/]icons[\\/](x|download|file|folder|hard-drive|log-out|monitor|moon|search|settings|sliders-horizontal|sun|book-open|file-archive|file-code|file-headphone|file-image|file-play|file-spreadsheet|file-text)\.mjs$/,
    /[\\/]src[\\/]drive[\\/]api[\\/](api-client|query-retry|query-client|generation|capabilities)\.ts$/,
    /[\\/]src[\\/]lib[\\/](on-demand|dates|document-title|cn|format-size|hooks[\\/]use-settled)\.ts$/,
    /[\\/]src[\\/]ui[\\/](button|icon-button|dropdown-menu|deferred-trigger)\.tsx$/,
    /[\\/]src[\\/](features[\\/]files[\\/]stores[\\/]view-prefs-store|drive[\\/]settings[\\/]settings-store|drive[\\/]files[\\/]folder-path|features[\\/]files[\\/]lib[\\/]list-query|features[\\/]preview[\\/]lib[\\/]download|features[\\/]auth[\\/]api[\\/]logout)\.ts$/,
    /[\\/]src[\\/](drive[\\/]files[\\/](file-item|picture-types)\.ts|drive[\\/]files[\\/]file-icon\.tsx|drive[\\/]thumbnails[\\/](lib[\\/](thumbnail-source|poster-frames)\.ts|hooks[\\/]use-poster-frame\.ts|components[\\/]video-poster\.tsx))$/,
    /[\\/]src[\\/](app[\\/]shell[\\/]components[\\/](header|theme-menu|user-avatar|user-menu)|features[\\/]search[\\/]components[\\/]header-search)\.tsx$/,
  ]
    .map((r) => r.source)
    .join("|"),
);

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
          groups: [
            { name: "framework", test: FRAMEWORK },
            { name: "shell", test: SHELL },
          ],
        },
      },
    },
  },
});
