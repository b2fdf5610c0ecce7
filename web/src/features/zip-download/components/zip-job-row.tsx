import { Button } from "@/ui/button";
import { describeJob } from "../lib/describe-job";
import { cancelZip, dismissJob, type ZipJob } from "../zip-jobs-store";

export function ZipJobRow({ job }: { job: ZipJob }) {
  const { title, detail, percent, running } = describeJob(job);
  return (
    <li className="flex flex-col gap-1 rounded-xl px-3 py-2">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-medium">{title}</h2>
          <p className="text-xs text-on-surface-variant">{detail}</p>
        </div>
        <Button
          variant="text"
          className="h-8 px-3"
          onClick={() => (running ? cancelZip.get(job.id)?.() : dismissJob(job.id))}
        >
          {running ? "Cancel" : "Dismiss"}
          <span className="sr-only"> {job.name}</span>
        </Button>
      </div>
      {running && (
        <div
          role="progressbar"
          aria-label={`${job.name} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1 overflow-hidden rounded-full bg-surface-container-highest"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent ?? 0}%` }} />
        </div>
      )}
      {job.error && (
        <p role="alert" className="text-xs text-error">
          {job.error}
        </p>
      )}
      {job.skipped.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-error">
            {job.skipped.length} {job.skipped.length === 1 ? "file is" : "files are"} not in the archive (could not be
            read)
          </summary>
          <ul className="mt-1 flex flex-col gap-0.5 pl-4">
            {job.skipped.map((s) => (
              <li key={s.path} className="break-all">
                {s.path}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
