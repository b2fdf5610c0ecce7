import { Grid2x2, LayoutList } from "lucide-react";
import { IconButton } from "@/ui/icon-button";

export type ShareViewId = "list" | "grid";

/** Switches a shared folder between list and grid (the page keeps the choice where the drive keeps its own). */
export function ShareViewToggle({ viewId, onChange }: { viewId: ShareViewId; onChange(viewId: ShareViewId): void }) {
  return viewId === "list" ? (
    <IconButton label="Grid view" onClick={() => onChange("grid")}>
      <Grid2x2 aria-hidden className="size-5" />
    </IconButton>
  ) : (
    <IconButton label="List view" onClick={() => onChange("list")}>
      <LayoutList aria-hidden className="size-5" />
    </IconButton>
  );
}
