import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { describeError } from "@/drive/errors/error-message";
import { usePageTitle } from "@/lib/document-title";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { jobsQueryOptions } from "../api/jobs";
import { JobRow } from "./job-row";
import { NewImportForm } from "./new-import-form";
import { ScheduleList } from "./schedule-list";

/** Imports: bring files in from a link, WebDAV, SFTP or a server folder, once or on a schedule, and their history. */
export function JobsPage() {
  usePageTitle("Imports");
  const capabilities = useQuery(capabilitiesQueryOptions());
  const [adding, setAdding] = useState(false);
  const offered = (capabilities.data ?? TELDRIVE_1_8).jobs === true;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-medium">Imports</h1>
        {offered && !adding && <Button onClick={() => setAdding(true)}>New import</Button>}
      </div>
      {capabilities.isPending ? (
        <Skeleton className="h-32" />
      ) : !offered ? (
        <p className="py-6 text-on-surface-variant">This server cannot import files from other places.</p>
      ) : (
        <>
          {adding && <NewImportForm onDone={() => setAdding(false)} />}
          <ScheduleList />
          <History />
        </>
      )}
    </div>
  );
}

function History() {
  const jobs = useQuery(jobsQueryOptions());
  if (jobs.isPending) return <Skeleton className="h-32" />;
  if (jobs.isError)
    return (
      <div role="alert" className="flex items-center gap-3 rounded-xl bg-error-container p-4 text-on-error-container">
        <p className="flex-1">Could not load your imports: {describeError(jobs.error)}</p>
        <Button variant="text" onClick={() => void jobs.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (jobs.data.items.length === 0)
    return (
      <p className="py-6 text-on-surface-variant">
        No imports yet. Bring in files from a link, a WebDAV or SFTP server, or a folder on this server.
      </p>
    );
  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-2">
      <h2 id="history-heading" className="text-lg font-medium">
        History
      </h2>
      <ul className="flex flex-col gap-2">
        {jobs.data.items.map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </ul>
    </section>
  );
}
