import { AlertCircle } from "lucide-react";
import { useCallback } from "react";
import { useFileCommands } from "@/drive/commands/file-commands-context";
import { describeError } from "@/drive/errors/error-message";
import type { FileItem } from "@/drive/files/file-item";
import { useStarredIds } from "@/drive/stars/stars";
import { usePageTitle } from "@/lib/document-title";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { useTimeline } from "../hooks/use-timeline";
import { TimelineGrid } from "./timeline-grid";

/**
 * Photos: every picture and video of the drive by month, newest first. A tile opens the preview, whose previous/next
 * walk the whole timeline loaded so far.
 */
export function PhotosPage() {
  usePageTitle("Photos");
  const { query, items, groups, dateOf, total } = useTimeline();
  const commands = useFileCommands();
  const starred = useStarredIds();
  const open = (item: FileItem) => commands.open(item, { items: [...items] });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const more = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const count = total ?? (hasNextPage ? undefined : items.length);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex flex-wrap items-baseline gap-x-3 px-4 pt-4 pb-2">
        <h1 className="text-2xl font-medium">Photos</h1>
        {count !== undefined && (
          <p className="text-sm text-on-surface-variant" aria-live="polite">
            {count.toLocaleString()} {count === 1 ? "picture or video" : "pictures and videos"}
          </p>
        )}
      </header>
      {query.isPending ? (
        <div className="grid grid-cols-3 gap-1 px-3 sm:grid-cols-6">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
            <Skeleton key={i} className="aspect-square" />
          ))}
        </div>
      ) : query.isError && items.length === 0 ? (
        <div
          role="alert"
          className="m-4 flex items-center gap-3 rounded-xl bg-error-container p-4 text-on-error-container"
        >
          <AlertCircle aria-hidden className="size-5" />
          <p className="flex-1">Could not load the photos: {describeError(query.error)}</p>
          <Button variant="tonal" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-on-surface-variant">
          <p>No pictures or videos yet. Those you upload anywhere in the drive show here by month.</p>
        </div>
      ) : (
        <TimelineGrid
          items={items}
          groups={groups}
          dateOf={dateOf}
          starred={starred}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage || query.isFetchNextPageError}
          onNeedMore={more}
          onOpen={open}
        />
      )}
    </div>
  );
}
