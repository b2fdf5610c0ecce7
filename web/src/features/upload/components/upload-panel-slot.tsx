import { lazy, Suspense } from "react";
import { useUploadQueueLoaded } from "../upload-queue-loader";

// The panel and its name-clash dialog (Radix Dialog) only matter once files are added.
const UploadPanel = lazy(() => import("./upload-panel").then((m) => ({ default: m.UploadPanel })));

/** Mounts `<UploadPanel/>` once the upload queue has been loaded, which happens when files are first added. */
export function UploadPanelSlot() {
  const loaded = useUploadQueueLoaded();
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <UploadPanel />
    </Suspense>
  );
}
