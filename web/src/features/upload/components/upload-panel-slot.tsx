import { lazy, Suspense, useEffect } from "react";
import { loadUploadQueue, useUploadQueueLoaded } from "../upload-queue-loader";

// The panel and its name-clash dialog (Radix Dialog) only matter once files are added.
const UploadPanel = lazy(() => import("./upload-panel").then((m) => ({ default: m.UploadPanel })));

/**
 * Mounts `<UploadPanel/>` once the upload queue has been loaded, which happens when files are first added (or when a
 * reload interrupted uploads).
 */
export function UploadPanelSlot() {
  const loaded = useUploadQueueLoaded();
  // A reload cut uploads off: once the page has settled, load the queue so the panel can offer to resume them.
  useEffect(() => {
    const timer = setTimeout(() => {
      import("../lib/interrupted-uploads").then(
        (m) => {
          if (m.interruptedUploads().length > 0) void loadUploadQueue();
        },
        // The server went away before the page settled: the offer comes with the next visit.
        () => undefined,
      );
    }, 3000);
    return () => clearTimeout(timer);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <UploadPanel />
    </Suspense>
  );
}
