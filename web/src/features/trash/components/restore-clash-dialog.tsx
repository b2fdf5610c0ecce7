import { Button } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import type { OnConflict } from "../api/restore-from-trash";
import { originLabel } from "../lib/trash-text";
import { restoreItems } from "../restore";
import { useRestoreClashStore } from "../restore-clash-store";

const SHOWN = 10;

/** Asks what to do when restored items' names are taken where they go back: keep both, replace, or skip them. */
export function RestoreClashDialog() {
  const request = useRestoreClashStore((s) => s.request);
  if (!request) return null;
  const close = () => useRestoreClashStore.setState({ request: null });
  const choose = (onConflict: OnConflict) => {
    close();
    void restoreItems(request.items, onConflict);
  };
  const { clashes } = request;
  const [first] = clashes;
  const title =
    clashes.length === 1 && first
      ? `"${first.name}" already exists in ${originLabel(first.destination)}`
      : `${clashes.length} names already exist where the items go back`;
  const others = request.items.length - clashes.length;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={title}
      description="Keep both (the restored item gets a number), replace the existing item (it goes to the trash), or skip."
    >
      {clashes.length > 1 && (
        <ul className="max-h-48 list-disc overflow-auto pl-6 text-sm" aria-label="Names already taken">
          {clashes.slice(0, SHOWN).map((c) => (
            <li key={c.id} className="truncate">
              {c.name} in {originLabel(c.destination)}
            </li>
          ))}
          {clashes.length > SHOWN && <li>and {clashes.length - SHOWN} more</li>}
        </ul>
      )}
      {others > 0 && (
        <p className="text-sm text-on-surface-variant">
          {others === 1 ? "The other item is" : `The other ${others} items are`} restored either way.
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="text" autoFocus onClick={() => choose("skip")}>
          Skip
        </Button>
        <Button variant="tonal" onClick={() => choose("replace")}>
          Replace
        </Button>
        <Button onClick={() => choose("rename")}>Keep both</Button>
      </div>
    </Dialog>
  );
}
