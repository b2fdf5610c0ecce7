import { CircleAlert, CircleCheck } from "lucide-react";
import { formatSize } from "@/lib/format-size";
import type { RequestUpload } from "../hooks/use-request-uploads";

/** This visitor's files: progress while sending, then the name each got, or why it was refused. */
export function UploadList({ uploads }: { uploads: RequestUpload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Your uploads" className="flex flex-col gap-2">
      {uploads.map((u) => (
        <li key={u.key} aria-label={u.name} className="flex flex-col gap-1 rounded-xl bg-surface-container-low p-3">
          <div className="flex items-center gap-2">
            {u.state === "done" && <CircleCheck aria-hidden className="size-4 text-primary" />}
            {u.state === "failed" && <CircleAlert aria-hidden className="size-4 text-error" />}
            <span className="min-w-0 flex-1 truncate">{u.name}</span>
            <span className="text-sm text-on-surface-variant">{formatSize(u.size)}</span>
          </div>
          {(u.state === "sending" || u.state === "waiting") && (
            <progress
              className="h-1 w-full accent-primary"
              max={Math.max(u.size, 1)}
              value={u.sent}
              aria-label={`Uploading ${u.name}`}
            />
          )}
          {u.state === "done" && (
            <p className="text-sm text-on-surface-variant">
              Uploaded{u.storedName && u.storedName !== u.name ? ` as "${u.storedName}"` : ""}
            </p>
          )}
          {u.state === "failed" && (
            <p role="alert" className="text-sm text-error">
              {u.error}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
