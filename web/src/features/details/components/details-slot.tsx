import { lazy, Suspense } from "react";
import type { DetailsPaneProps } from "@/drive/details/details-pane-context";
import { useDetails } from "@/drive/details/details-store";

// Fetched the first time details are asked for: the first page of the drive does without it.
const DetailsView = lazy(() => import("./details-view").then((m) => ({ default: m.DetailsView })));

/** The details of `itemId` once asked for: a side pane on wide screens, a bottom sheet on phones. */
export function DetailsSlot({ itemId, selectedCount }: DetailsPaneProps) {
  const open = useDetails((s) => s.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DetailsView itemId={itemId} selectedCount={selectedCount} />
    </Suspense>
  );
}
