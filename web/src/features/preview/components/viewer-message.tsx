import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/ui/button";

/** A centred message, usually "cannot show this here", with a download button. */
export function ViewerMessage({
  children,
  onDownload,
  extra,
}: {
  children: ReactNode;
  onDownload?: () => void;
  extra?: ReactNode;
}) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center text-on-surface">
      <p role="status">{children}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onDownload && (
          <Button onClick={onDownload}>
            <Download aria-hidden className="size-5" />
            Download
          </Button>
        )}
        {extra}
      </div>
    </div>
  );
}
