import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { interruptedUploads, subscribeInterrupted } from "../lib/interrupted-uploads";
import { loadUploadQueue, useUploadQueueLoaded } from "../upload-queue-loader";

// The panel and its name-clash dialog (Radix Dialog) only matter once files are added.
const UploadPanel = lazy(() => import("./upload-panel").then((m) => ({ default: m.UploadPanel })));

/**
 * Mounts `<UploadPanel/>` once the upload queue has been loaded, which happens when files are first added (or when a
 * reload interrupted uploads).
 */
export function UploadPanelSlot() {
  const loaded = useUploadQueueLoaded();
  // A reload cut uploads off: load the queue now, so the panel can offer to resume them.
  const interrupted = useSyncExternalStore(subscribeInterrupted, interruptedUploads).length > 0;
  useEffect(() => {
    if (interrupted) void loadUploadQueue();
  }, [interrupted]);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <UploadPanel />
    </Suspense>
  );
}
