import { lazy, Suspense, useState } from "react";
import { useFileActionsStore } from "../file-actions-store";

// The dialogs (Radix Dialog, share, folder picker, preview) only matter after a user action, so they stay out of
// the first page's JavaScript.
const FileActionDialogs = lazy(() => import("./file-action-dialogs").then((m) => ({ default: m.FileActionDialogs })));

/** Mounts `<FileActionDialogs/>` once something asks for a dialog, a direct move or a preview. */
export function FileActionDialogsSlot() {
  const requested = useFileActionsStore((s) => s.dialog !== null || s.directMove !== null);
  // Once loaded it stays mounted, so a move in flight keeps its observer when the dialog closes.
  const [loaded, setLoaded] = useState(requested);
  if (requested && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <FileActionDialogs />
    </Suspense>
  );
}
