import { useMutation, useQueryClient } from "@tanstack/react-query";
import { describeError } from "@/drive/errors/error-message";
import { formatDate } from "@/lib/dates";
import { formatSize } from "@/lib/format-size";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { cancelJob, deleteJob, JOBS_KEY, type JobStatus, jobData, retryJob } from "../api/jobs";
import { canRetry, isActive, stateText } from "../lib/job-text";
import { sourceLabel } from "../lib/source-url";

/** One run of an import: where from and to, its progress or how it ended, and what can be done with it. */
export function JobRow({ job }: { job: JobStatus }) {
  const data = jobData(job);
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: "cancel" | "retry" | "delete") =>
      action === "cancel" ? cancelJob(job.id) : action === "retry" ? retryJob(job.id) : deleteJob(job.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: JOBS_KEY }),
    onError: (error) => toast.error(describeError(error)),
  });
  const percent = job.output?.progress?.percent ?? 0;
  const progress = job.output?.progress;
  const lastError = job.errors?.[job.errors.length - 1];
  const from = data.args ? sourceLabel(data.args.source) : "an import";
  return (
    <li aria-label={`Import from ${from}`} className="flex flex-col gap-2 rounded-2xl bg-surface-container-low p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 break-all font-medium">{from}</p>
        <p className="text-sm text-on-surface-variant">
          into {data.args?.destinationDir ?? "/"} · {formatDate(new Date(job.createdAt))}
        </p>
      </div>
      <p className="text-sm">
        <span className="font-medium" data-state={job.state}>
          {stateText(job.state)}
        </span>
        {progress?.total ? (
          <>
            {" · "}
            {progress.done} of {progress.total} files, {formatSize(data.bytesDone ?? 0)} of{" "}
            {formatSize(data.bytesTotal ?? 0)}
            {data.skipped ? `, ${data.skipped} already there` : ""}
            {data.pruned ? `, ${data.pruned} moved to the trash` : ""}
          </>
        ) : null}
      </p>
      {isActive(job.state) && (
        <progress className="h-2 w-full accent-primary" max={100} value={percent} aria-label={`Progress ${percent}%`} />
      )}
      {job.state === "running" && data.currentFile && (
        <p className="truncate text-xs text-on-surface-variant">Now: {data.currentFile}</p>
      )}
      {lastError && job.state !== "completed" && (
        <p className="text-sm text-error">What went wrong: {lastError.message}</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {isActive(job.state) && job.state !== "retryable" && (
          <Button variant="text" disabled={act.isPending} onClick={() => act.mutate("cancel")}>
            Cancel
          </Button>
        )}
        {canRetry(job.state) && (
          <Button variant="text" disabled={act.isPending} onClick={() => act.mutate("retry")}>
            {job.state === "completed" ? "Run again" : "Retry"}
          </Button>
        )}
        {!isActive(job.state) && (
          <Button variant="text" disabled={act.isPending} onClick={() => act.mutate("delete")}>
            Remove from history
          </Button>
        )}
      </div>
    </li>
  );
}
