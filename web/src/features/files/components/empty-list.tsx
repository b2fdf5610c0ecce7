// biome-ignore-all lint/a11y/useSemanticElements: the list is an ARIA grid of divs; its empty state is one row of it.
// biome-ignore-all lint/a11y/useFocusableInteractive: roving focus: one row or cell of the grid has tabIndex 0, the others are reached with arrow keys.

import type { FileCommandId } from "@/drive/commands/file-commands";
import { Button } from "@/ui/button";
import { CommandIcon } from "./command-icon";

const LABELS = { upload: "Upload files", uploadFolder: "Upload a folder", newFolder: "New folder" } as const;

/** The list's only row when a folder is empty: where something can be created, the ways to do it. */
export function EmptyList(props: { canCreate: boolean; onCommand(id: FileCommandId, items: []): void }) {
  return (
    <div role="row" aria-rowindex={2} className="p-10 text-center text-on-surface-variant">
      <div role="gridcell" className="flex flex-col items-center gap-3">
        <span>No items.</span>
        {props.canCreate && (
          <>
            <span className="text-sm">Drop files here to upload them, or:</span>
            <div className="flex flex-wrap justify-center gap-2">
              {(["upload", "uploadFolder", "newFolder"] as const).map((id) => (
                <Button key={id} variant="tonal" onClick={() => props.onCommand(id, [])}>
                  <CommandIcon id={id} />
                  {LABELS[id]}
                </Button>
              ))}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
