import { DetailsSlot } from "@/features/details/components/details-slot";
import { useDetails } from "@/features/details/details-store";
import { useSelection } from "../stores/selection-store";

/**
 * The details of the selected item, once asked for. Its own component, so a selection change re-renders this and
 * not the list around it.
 */
export function DetailsArea() {
  const ids = useSelection((s) => s.ids);
  const asked = useDetails((s) => s.itemId);
  const [only] = ids;
  const itemId = ids.size === 1 ? only : ids.size === 0 ? asked : undefined;
  return <DetailsSlot itemId={itemId} selectedCount={ids.size} />;
}
