import { ChevronDown, ChevronUp, RotateCw, Trash2, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useBottomOverlay } from "@/lib/bottom-overlays";
import { setActivityTitle } from "@/lib/document-title";
import { useLeaveWarning } from "@/lib/hooks/use-leave-warning";
import { Button } from "@/ui/button";
import { IconButton } from "@/ui/icon-button";
import { useUploads } from "../hooks/use-uploads";
import { formatBytes, formatTimeLeft } from "../lib/format-progress";
import { reportLine, summarizeUploads, uploadActivityTitle } from "../lib/upload-summary";
import { uploadQueue } from "../upload-service";
import { NameClashDialog } from "./name-clash-dialog";
import { ResumeUploads, useInterruptedUploads } from "./resume-uploads";
import { UploadProgressBar } from "./upload-progress-bar";
import { UploadRow } from "./upload-row";

/** The upload queue panel; mounted once in the authenticated layout. */
export function UploadPanel() {
  const items = useUploads((s) => s.items);
  const speed = useUploads((s) => s.speed);
  const batch = useUploads((s) => s.batch);
  const interrupted = useInterruptedUploads();
  const [collapsed, setCollapsed] = useState(false);
  const summary = summarizeUploads(items, batch);
  const { running, loaded, total, title } = summary;
  const activity = uploadActivityTitle(summary);

  // Progress in the tab title, so it can be followed from another tab.
  useEffect(() => {
    setActivityTitle(activity);
  }, [activity]);
  useEffect(() => () => setActivityTitle(undefined), []);

  useLeaveWarning(running);
  const overlay = useBottomOverlay();

  if (items.length === 0 && interrupted.length === 0) return <NameClashDialog />;
  const report = summary.report && reportLine(summary.report);

  return (
    <section
      ref={overlay.ref}
      style={overlay.style}
      aria-label="Uploads"
      className="fixed right-4 bottom-20 z-30 md:bottom-4 flex w-[min(26rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl bg-surface-container-high text-on-surface shadow-xl"
    >
      <header className="flex items-center gap-1 py-2 pr-2 pl-4">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-medium">{items.length === 0 ? "Uploads interrupted" : title}</h2>
          {running && (
            <p className="text-xs text-on-surface-variant">
              {formatBytes(loaded)} of {formatBytes(total)}
              {speed > 0 && ` · ${formatBytes(speed)}/s · ${formatTimeLeft(total - loaded, speed)}`}
            </p>
          )}
          {report && (
            <p className="text-xs text-on-surface-variant" data-testid="upload-report">
              {report}
            </p>
          )}
        </div>
        {summary.failed > 0 && (
          <Button variant="text" className="h-9 px-3 pointer-coarse:h-11" onClick={() => uploadQueue.retryFailed()}>
            <RotateCw aria-hidden className="size-4" />
            Retry all failed
          </Button>
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
      <ResumeUploads />
      {running && <UploadProgressBar className="rounded-none" value={summary.percent} label="All uploads" />}
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
