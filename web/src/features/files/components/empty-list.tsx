import { AriaGridCell, AriaGridRow } from "@/ui/aria-grid";
import { Button } from "@/ui/button";
import { useFileListView } from "../hooks/use-file-list-view";
import { CommandIcon } from "./command-icon";

const LABELS = { upload: "Upload files", uploadFolder: "Upload a folder", newFolder: "New folder" } as const;

/** The list's only row when a folder is empty: where something can be created, the ways to do it. */
export function EmptyList() {
  const { canCreate, onCommand } = useFileListView();
  return (
    <AriaGridRow aria-rowindex={2} className="p-10 text-center text-on-surface-variant">
      <AriaGridCell className="flex flex-col items-center gap-3">
        <span>No items.</span>
        {canCreate && (
          <>
            <span className="text-sm">Drop files here to upload them, or:</span>
            <div className="flex flex-wrap justify-center gap-2">
              {(["upload", "uploadFolder", "newFolder"] as const).map((id) => (
                <Button key={id} variant="tonal" onClick={() => onCommand(id, [])}>
                  <CommandIcon id={id} />
                  {LABELS[id]}
                </Button>
              ))}
            </div>
          </>
        )}
      </AriaGridCell>
    </AriaGridRow>
  );
}
