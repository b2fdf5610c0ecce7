import { ApiError } from "@/drive/api/api-client";
import { errorText } from "@/drive/errors/error-message";
import type { FileItem } from "@/drive/files/file-item";
import { formatSize } from "@/lib/format-size";
import { mountZipPanel } from "./components/mount-zip-panel";
import { archiveName } from "./lib/archive-names";
import { batchChunks } from "./lib/batch-chunks";
import { makeArchive } from "./lib/make-archive";
import { planArchive } from "./lib/plan-archive";
import { type InputEvents, zipInputs } from "./lib/zip-inputs";
import { filePickerChoice } from "./sinks/file-picker-sink";
import { memoryChoice } from "./sinks/memory-sink";
import { serviceWorkerChoice } from "./sinks/service-worker-sink";
import { type SinkChoice, SinkError } from "./sinks/zip-sink";
import { addJob, cancelZip, type SkippedFile, updateJob } from "./zip-jobs-store";
import { driveSource, type ZipSource } from "./zip-source";

/** How often the panel's figures move; the bytes themselves flow as fast as the browser saves them. */
const PROGRESS_MS = 250;
/** Bytes per message to the service worker (see batch-chunks.ts). */
const BATCH_BYTES = 1024 * 1024;

/** Service worker where there is one (Chromium, Firefox), else a file picker (Chromium), else memory. */
async function chooseSink(name: string): Promise<SinkChoice> {
  return (await serviceWorkerChoice(name)) ?? (await filePickerChoice(name)) ?? memoryChoice(name);
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError || !(error instanceof Error)) return errorText(error);
  return error.message;
}

/**
 * Zips the items (folders with everything in them) into one download: walks the folders, then streams each file's
 * content into the archive while the browser saves it. Progress and Cancel are in the zip panel.
 */
export async function startZipDownload(items: readonly FileItem[], from: ZipSource = driveSource): Promise<void> {
  mountZipPanel();
  const job = addJob(archiveName(items));
  const controller = new AbortController();
  const { signal } = controller;
  let cancelledHere = false;
  cancelZip.set(job.id, () => {
    cancelledHere = true;
    controller.abort(new DOMException("Cancelled", "AbortError"));
  });

  const counts = { filesDone: 0, bytesDone: 0 };
  const skipped: SkippedFile[] = [];
  const flush = () => updateJob(job.id, { ...counts, skipped: [...skipped] });
  const events: InputEvents = {
    onBytes: (n) => {
      counts.bytesDone += n;
    },
    onFileDone: () => {
      counts.filesDone += 1;
    },
    onSkipped: (path, reason) => {
      counts.filesDone += 1;
      skipped.push({ path, reason });
    },
  };
  let ticker: ReturnType<typeof setInterval> | undefined;
  // Which side broke decides what the panel says: a file that could not be read, or the browser's own cancel.
  const broke: { side?: "source" | "destination" } = {};

  try {
    const choice = await chooseSink(job.name);
    const plan = await planArchive(items, from.listChildren, signal, (p) =>
      updateJob(job.id, { fileCount: p.fileCount, totalBytes: p.totalBytes }),
    );
    updateJob(job.id, { status: "zipping", fileCount: plan.fileCount, totalBytes: plan.totalBytes });
    if (plan.totalBytes > choice.maxBytes) {
      throw new SinkError(
        `Here the browser can zip up to ${formatSize(choice.maxBytes)}, and this is ${formatSize(plan.totalBytes)}. ` +
          "Open the drive over HTTPS to zip any size.",
      );
    }
    const sink = await choice.open();
    ticker = setInterval(flush, PROGRESS_MS);
    const inputs = zipInputs(plan, from.contentUrl, events, { signal, headers: from.headers });
    const source = (async function* () {
      try {
        yield* inputs;
      } catch (error) {
        broke.side = "source";
        throw error;
      }
    })();
    const zip = makeArchive(source).pipeThrough(batchChunks(BATCH_BYTES));
    try {
      // preventCancel: cancelling the zip waits for the file being fetched, so the fetches are aborted first.
      await zip.pipeTo(sink.writable, { signal, preventCancel: true });
    } catch (error) {
      broke.side ??= "destination";
      controller.abort();
      void zip.cancel(error).catch(() => {});
      throw error;
    } finally {
      sink.close?.();
    }
    flush();
    updateJob(job.id, { status: "done" });
  } catch (error) {
    controller.abort();
    flush();
    if (cancelledHere) updateJob(job.id, { status: "cancelled" });
    else if (broke.side === "destination" && !(error instanceof SinkError))
      updateJob(job.id, { status: "cancelled", cancelledInBrowser: true });
    // The save dialog was closed.
    else if (error instanceof DOMException && error.name === "AbortError") updateJob(job.id, { status: "cancelled" });
    else updateJob(job.id, { status: "failed", error: messageOf(error) });
  } finally {
    clearInterval(ticker);
    cancelZip.delete(job.id);
  }
}
