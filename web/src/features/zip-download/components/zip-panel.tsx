import { useBottomOverlay } from "@/lib/bottom-overlays";
import { useLeaveWarning } from "@/lib/hooks/use-leave-warning";
import { useZipJobs } from "../zip-jobs-store";
import { ZipJobRow } from "./zip-job-row";

/** "Download as zip" progress: one entry per archive, with Cancel while it runs. */
export function ZipPanel() {
  const jobs = useZipJobs();
  const running = jobs.some((job) => job.status === "preparing" || job.status === "zipping");

  // Leaving the page ends the zip (the page makes the archive), so the browser asks first.
  useLeaveWarning(running);
  const overlay = useBottomOverlay();

  if (jobs.length === 0) return null;
  return (
    <section
      ref={overlay.ref}
      style={overlay.style}
      aria-label="Zip downloads"
      className="fixed right-4 bottom-20 left-4 z-30 flex max-h-[50dvh] flex-col gap-1 overflow-auto rounded-2xl bg-surface-container-high p-2 text-on-surface shadow-xl md:right-auto md:bottom-4 md:w-[24rem]"
    >
      <ul className="flex flex-col gap-1">
        {jobs.map((job) => (
          <ZipJobRow key={job.id} job={job} />
        ))}
      </ul>
    </section>
  );
}
