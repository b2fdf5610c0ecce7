import { Skeleton } from "@/ui/skeleton";

/** What the list looks like before its first page arrives. */
export function FileListSkeleton({ grid }: { grid: boolean }) {
  return (
    <div role="status" aria-label="Loading files" className="flex-1 overflow-hidden p-3">
      {grid ? (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(168px,1fr))] gap-3">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <Skeleton key={i} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {Array.from({ length: 10 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <div key={i} className="flex items-center gap-3 px-1">
              <Skeleton className="size-6" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-4 w-16" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
