import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { FileIcon } from "@/drive/files/file-icon";
import type { FileItem } from "@/drive/files/file-item";
import { formatDate } from "@/lib/dates";
import { formatSize } from "@/lib/format-size";
import { Button } from "@/ui/button";

/**
 * A share of one file, shown as that file: its name, size and date, Download (and whatever `actions` the page adds),
 * and its preview or player below, as large as the window allows.
 */
export function ShareFileView(props: { item: FileItem; preview: ReactNode; actions?: ReactNode; onDownload(): void }) {
  const { item } = props;
  return (
    <article aria-labelledby="shared-file-name" className="flex min-h-0 w-full flex-1 flex-col gap-3 p-2 sm:p-4">
      <div className="flex flex-wrap items-center gap-3 px-2">
        <FileIcon item={item} />
        <div className="flex min-w-0 flex-1 flex-col">
          <h1 id="shared-file-name" className="truncate text-lg font-medium" title={item.name}>
            {item.name}
          </h1>
          <p className="text-sm text-on-surface-variant">
            {formatSize(item.size)} · modified {formatDate(item.modDate)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {props.actions}
          <Button onClick={props.onDownload}>
            <Download aria-hidden className="size-4" />
            Download
          </Button>
        </div>
      </div>
      <section
        aria-label="Preview"
        className="flex min-h-[60dvh] flex-1 flex-col overflow-hidden rounded-2xl border border-outline-variant bg-surface-container-low"
      >
        {props.preview}
      </section>
    </article>
  );
}
