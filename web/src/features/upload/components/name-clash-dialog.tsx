import { useState } from "react";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Dialog } from "@/ui/dialog";
import { useUploads } from "../hooks/use-uploads";
import { uploadQueue } from "../upload-service";

/** Asks what to do when an uploaded file's name is taken: replace, keep both or skip. */
export function NameClashDialog() {
  const clash = useUploads((s) => s.clash);
  const [applyToAll, setApplyToAll] = useState(false);
  const answer = (choice: "replace" | "keep-both" | "skip") => {
    uploadQueue.answerClash(choice, applyToAll);
    setApplyToAll(false);
  };
  return (
    <Dialog
      open={clash !== null}
      onOpenChange={(open) => !open && answer("skip")}
      title="File already exists"
      description={clash ? `"${clash.name}" already exists in ${clash.folderPath}.` : undefined}
    >
      <Checkbox label="Apply to all" checked={applyToAll} onChange={(e) => setApplyToAll(e.target.checked)} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="text" onClick={() => answer("skip")}>
          Skip
        </Button>
        <Button variant="tonal" onClick={() => answer("keep-both")}>
          Keep both
        </Button>
        <Button onClick={() => answer("replace")}>Replace</Button>
      </div>
    </Dialog>
  );
}
