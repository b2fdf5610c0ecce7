import { useContext } from "react";
import { DetailsPaneContext } from "@/drive/details/details-pane-context";
import { useDetails } from "@/drive/details/details-store";
import { useSelection } from "../stores/selection-store";

/**
 * The details of the selected item, once asked for. Its own component, so a selection change re-renders this and
 * not the list around it.
 */
export function DetailsArea() {
  const Pane = useContext(DetailsPaneContext);
  const ids = useSelection((s) => s.ids);
  const asked = useDetails((s) => s.itemId);
  const [only] = ids;
  const itemId = ids.size === 1 ? only : ids.size === 0 ? asked : undefined;
  return Pane && <Pane itemId={itemId} selectedCount={ids.size} />;
}
