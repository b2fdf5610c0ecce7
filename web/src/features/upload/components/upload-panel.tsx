import { ChevronDown, ChevronUp, RotateCw, Trash2, X } from "lucide-react";
import { useEffect, useState } from "react";
import { IconButton } from "@/components/ui/icon-button";
import { useUploads } from "../hooks/use-uploads";
import { formatBytes, formatTimeLeft, percent } from "../lib/format-progress";
import { isActive } from "../lib/upload-queue";
import { uploadQueue } from "../upload-service";
import { NameClashDialog } from "./name-clash-dialog";
import { UploadProgressBar } from "./upload-progress-bar";
import { UploadRow } from "./upload-row";

/** The upload queue panel; mounted once in the authenticated layout. */
export function UploadPanel() {
  const items = useUploads((s) => s.items);
  const speed = useUploads((s) => s.speed);
  const batch = useUploads((s) => s.batch);
  const [collapsed, setCollapsed] = useState(false);
  const active = items.filter((i) => isActive(i.status));
  const failed = items.filter((i) => i.status === "failed");
  const running = active.length > 0;

  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [running]);

  if (items.length === 0) return <NameClashDialog />;
  // Overall progress covers this run's files that are still meant to land, so it never jumps back when one finishes.
  const inRun = new Set(batch);
  const counted = items.filter((i) => inRun.has(i.key) && (isActive(i.status) || i.status === "done"));
  const total = counted.reduce((sum, i) => sum + i.size, 0);
  const loaded = counted.reduce((sum, i) => sum + (i.status === "done" ? i.size : i.loaded), 0);
  const title = running
    ? `Uploading ${active.length} ${active.length === 1 ? "file" : "files"}`
    : failed.length > 0
      ? `${failed.length} ${failed.length === 1 ? "upload" : "uploads"} failed`
      : "Uploads complete";

  return (
    <section
      aria-label="Uploads"
      className="fixed right-4 bottom-20 z-30 md:bottom-4 flex w-[min(26rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl bg-surface-container-high text-on-surface shadow-xl"
    >
      <header className="flex items-center gap-1 py-2 pr-2 pl-4">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-medium">{title}</h2>
          {running && (
            <p className="text-xs text-on-surface-variant">
              {formatBytes(loaded)} of {formatBytes(total)}
              {speed > 0 && ` · ${formatBytes(speed)}/s · ${formatTimeLeft(total - loaded, speed)}`}
            </p>
          )}
        </div>
        {failed.length > 0 && (
          <IconButton label="Retry failed uploads" onClick={() => uploadQueue.retryFailed()}>
            <RotateCw aria-hidden className="size-5" />
          </IconButton>
        )}
        {running ? (
          <IconButton label="Cancel all uploads" onClick={() => uploadQueue.cancelAll()}>
            <X aria-hidden className="size-5" />
          </IconButton>
        ) : (
          <IconButton label="Clear finished uploads" onClick={() => uploadQueue.clearFinished()}>
            <Trash2 aria-hidden className="size-5" />
          </IconButton>
        )}
        <IconButton
          label={collapsed ? "Expand uploads" : "Collapse uploads"}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? <ChevronUp aria-hidden className="size-5" /> : <ChevronDown aria-hidden className="size-5" />}
        </IconButton>
      </header>
      {running && <UploadProgressBar className="rounded-none" value={percent(loaded, total)} label="All uploads" />}
      {!collapsed && (
        <ul className="max-h-72 divide-y divide-outline-variant overflow-auto">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} />
          ))}
        </ul>
      )}
      <NameClashDialog />
    </section>
  );
}
