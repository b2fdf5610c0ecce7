import { useState, useSyncExternalStore } from "react";
import { Button } from "@/ui/button";
import {
  dismissInterrupted,
  interruptedUploads,
  matchInterrupted,
  subscribeInterrupted,
} from "../lib/interrupted-uploads";
import { pickFiles } from "../lib/pick-files";
import { uploadQueue } from "../upload-service";

export const useInterruptedUploads = () => useSyncExternalStore(subscribeInterrupted, interruptedUploads);

const SHOWN = 3;

/** After a reload cut uploads off: which ones, and a way to pick them again (the page cannot reopen files itself). */
export function ResumeUploads() {
  const uploads = useInterruptedUploads();
  const [unknown, setUnknown] = useState(0);
  if (uploads.length === 0) return null;
  const names = uploads.slice(0, SHOWN).map((u) => u.name);
  const more = uploads.length - names.length;

  const choose = async () => {
    const files = await pickFiles({});
    if (files.length === 0) return;
    const { resume, unknown } = matchInterrupted(files);
    setUnknown(unknown.length);
    if (resume.length > 0) uploadQueue.add(resume);
  };

  return (
    <section aria-label="Interrupted by a reload" className="border-b border-outline-variant px-4 py-3 text-sm">
      <p className="font-medium">
        {uploads.length === 1 ? "1 upload was" : `${uploads.length} uploads were`} interrupted by a reload
      </p>
      <p className="truncate text-xs text-on-surface-variant" title={uploads.map((u) => u.name).join(", ")}>
        {names.join(", ")}
        {more > 0 && ` and ${more} more`}
      </p>
      <p className="mt-1 text-xs text-on-surface-variant">
        The browser cannot keep files across a reload: choose them again and they continue where they stopped.
      </p>
      {unknown > 0 && (
        <p role="status" className="mt-1 text-xs text-error">
          {unknown === 1 ? "1 chosen file was" : `${unknown} chosen files were`} not among them and not uploaded.
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="tonal" onClick={() => void choose()}>
          Choose files to resume
        </Button>
        <Button variant="text" onClick={dismissInterrupted}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
