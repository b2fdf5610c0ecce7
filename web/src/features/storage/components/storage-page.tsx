import { useQuery } from "@tanstack/react-query";
import { errorText } from "@/drive/errors/error-message";
import { categoriesQueryOptions } from "@/features/storage/api/get-categories";
import { usePageTitle } from "@/lib/document-title";
import { formatSize } from "@/lib/format-size";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { UPLOAD_STATS_DAYS, uploadStatsQueryOptions } from "../api/get-upload-stats";
import { categoryRows, totals, uploadBars } from "../lib/storage-summary";
import { CategoriesChart } from "./categories-chart";
import { CategoriesTable } from "./categories-table";
import { UploadsChart } from "./uploads-chart";

/** Storage: uploads of the last 60 days and the space each category takes. */
export function StoragePage() {
  usePageTitle("Storage");
  const stats = useQuery(uploadStatsQueryOptions());
  const categories = useQuery(categoriesQueryOptions());
  const bars = stats.data ? uploadBars(stats.data) : [];
  const rows = categories.data ? categoryRows(categories.data) : [];
  const uploaded = totals(bars).bytes;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4">
      <h1 className="text-2xl font-medium">Storage</h1>
      <section aria-labelledby="uploads-heading" className="rounded-3xl bg-surface-container-low p-4">
        <h2 id="uploads-heading" className="text-lg font-medium">
          Uploads, last {UPLOAD_STATS_DAYS} days
        </h2>
        {stats.isPending ? (
          <Skeleton className="mt-4 h-64" />
        ) : stats.isError ? (
          <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <>
            <p className="text-sm text-on-surface-variant">{formatSize(uploaded)} uploaded</p>
            <UploadsChart bars={bars} />
          </>
        )}
      </section>
      <section aria-labelledby="categories-heading" className="rounded-3xl bg-surface-container-low p-4">
        <h2 id="categories-heading" className="text-lg font-medium">
          Categories
        </h2>
        {categories.isPending ? (
          <Skeleton className="mt-4 h-64" />
        ) : categories.isError ? (
          <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
        ) : rows.length === 0 ? (
          <p className="py-6 text-on-surface-variant">No items.</p>
        ) : (
          <div className="mt-2 grid gap-4 md:grid-cols-2">
            <CategoriesChart rows={rows} />
            <CategoriesTable rows={rows} />
          </div>
        )}
      </section>
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="mt-4 flex items-center gap-3 rounded-xl bg-error-container p-4 text-on-error-container"
    >
      <p className="flex-1">Could not load: {error instanceof Error ? error.message : errorText(error)}</p>
      <Button variant="text" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
