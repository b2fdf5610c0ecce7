import { lazy, Suspense } from "react";
import { useRestoreClashStore } from "../restore-clash-store";

// Radix Dialog and the dialog itself load only when a restore meets a taken name.
const RestoreClashDialog = lazy(() =>
  import("./restore-clash-dialog").then((m) => ({ default: m.RestoreClashDialog })),
);

/** Mounted once in the signed-in frame: the name-clash question of a restore (from the trash or an Undo). */
export function RestoreClashSlot() {
  const asked = useRestoreClashStore((s) => s.request !== null);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <RestoreClashDialog />
    </Suspense>
  );
}
