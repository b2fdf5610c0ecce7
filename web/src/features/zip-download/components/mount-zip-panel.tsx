import { createRoot } from "react-dom/client";
import { ZipPanel } from "./zip-panel";

let mounted = false;

/**
 * The panel gets its own small React root on the first zip, so no layout has to host it (and nothing of it loads
 * before a zip is asked for). It needs no router or query context: it reads only the zip jobs store.
 */
export function mountZipPanel(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement("div");
  host.dataset.zipPanel = "";
  document.body.append(host);
  createRoot(host).render(<ZipPanel />);
}
