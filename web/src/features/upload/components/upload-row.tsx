import { CircleAlert, CircleCheck, RotateCw, X } from "lucide-react";
import { IconButton } from "@/ui/icon-button";
import { formatBytes, percent } from "../lib/format-progress";
import { isActive, type UploadItem } from "../lib/upload-queue";
import { uploadQueue } from "../upload-service";
import { UploadProgressBar } from "./upload-progress-bar";

const STATUS_TEXT: Record<UploadItem["status"], string> = {
  queued: "Waiting",
  preparing: "Preparing",
  uploading: "Uploading",
  finishing: "Finishing",
  done: "Uploaded",
  failed: "Failed",
  cancelled: "Cancelled",
  skipped: "Skipped",
};

/** One file of the queue: name, destination, progress, and cancel or retry. */
export function UploadRow({ item }: { item: UploadItem }) {
  const value = item.status === "done" ? 100 : percent(item.loaded, item.size);
  return (
    <li className="flex items-center gap-2 px-4 py-2" data-testid="upload-row" data-status={item.status}>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          {item.status === "done" && <CircleCheck aria-hidden className="size-4 shrink-0 text-primary" />}
          {item.status === "failed" && <CircleAlert aria-hidden className="size-4 shrink-0 text-error" />}
          <span className="truncate text-sm font-medium" title={item.name}>
            {item.name}
          </span>
        </div>
        <p className="truncate text-xs text-on-surface-variant">
          {STATUS_TEXT[item.status]} · {formatBytes(item.size)} · to {item.folderPath}
        </p>
        {isActive(item.status) && <UploadProgressBar className="mt-1" value={value} label={`Upload of ${item.name}`} />}
        {item.error && (
          <p role="alert" className="text-xs text-error">
            {item.error}
          </p>
        )}
      </div>
      {isActive(item.status) && (
        <IconButton label={`Cancel ${item.name}`} onClick={() => uploadQueue.cancel(item.key)}>
          <X aria-hidden className="size-5" />
        </IconButton>
      )}
      {(item.status === "failed" || item.status === "cancelled") && (
        <IconButton label={`Retry ${item.name}`} onClick={() => uploadQueue.retry(item.key)}>
          <RotateCw aria-hidden className="size-5" />
        </IconButton>
      )}
    </li>
  );
}
