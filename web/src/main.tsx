import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { queryClient } from "@/drive/api/query-client";
import { router } from "./router";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root");
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// The installed app's offline shell and share target (public/app-sw.js); not in development, where Vite serves.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/app-sw.js").catch(() => {});
    // What this page loaded is what the shell needs to open offline.
    void navigator.serviceWorker.ready.then((registration) => {
      const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
      registration.active?.postMessage({ type: "keep-assets", urls });
    });
  });
}
