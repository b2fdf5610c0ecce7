import { Copy, TriangleAlert } from "lucide-react";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";
import type { NewApiKey } from "../api/api-keys";

/** The key just created, the one time the server sends it: copy it now. */
export function NewApiKeyPanel({ created, onDone }: { created: NewApiKey; onDone(): void }) {
  const copy = () =>
    navigator.clipboard.writeText(created.key).then(
      () => toast.success("Key copied"),
      () => toast.error("Could not copy the key to the clipboard"),
    );
  return (
    <div className="flex flex-col gap-3">
      <p
        role="alert"
        className="flex items-start gap-2 rounded-xl bg-error-container px-4 py-3 text-sm text-on-error-container"
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        Copy this key now: it is shown only once. Anyone who has it can use your drive until you revoke it.
      </p>
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1 font-mono"
          label={`Key "${created.name}"`}
          readOnly
          value={created.key}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="tonal" onClick={copy}>
          <Copy aria-hidden className="size-4" />
          Copy
        </Button>
      </div>
      <Button variant="text" className="self-end" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
