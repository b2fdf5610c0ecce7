import { LayoutGrid, List } from "lucide-react";
import { IconButton } from "@/ui/icon-button";
import { useViewPrefs } from "../stores/view-prefs-store";

/** Switches between list and grid; the choice is remembered locally. */
export function ViewToggle() {
  const viewId = useViewPrefs((s) => s.viewId);
  const setViewId = useViewPrefs((s) => s.setViewId);
  return viewId === "list" ? (
    <IconButton label="Grid view" onClick={() => setViewId("grid")}>
      <LayoutGrid aria-hidden className="size-5" />
    </IconButton>
  ) : (
    <IconButton label="List view" onClick={() => setViewId("list")}>
      <List aria-hidden className="size-5" />
    </IconButton>
  );
}
