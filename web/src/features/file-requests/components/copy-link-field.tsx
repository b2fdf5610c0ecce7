import { Copy } from "lucide-react";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";

/** The request's link, to select or copy. */
export function CopyLinkField({ link }: { link: string }) {
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.success("Link copied"),
      () => toast.error("Could not copy the link to the clipboard"),
    );
  return (
    <div className="flex items-end gap-2">
      <TextField className="flex-1" label="Link" readOnly value={link} onFocus={(e) => e.target.select()} />
      <Button variant="tonal" onClick={copy}>
        <Copy aria-hidden className="size-4" />
        Copy link
      </Button>
    </div>
  );
}
