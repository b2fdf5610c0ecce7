import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Link2Off } from "lucide-react";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { describeError } from "@/drive/errors/error-message";
import { usePageTitle } from "@/lib/document-title";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { myShareQueryOptions } from "../api/get-my-shares";
import { ShareRow } from "./share-row";

/** "Shared links": every link the user made, with its password, expiry and creation time, to copy, edit or revoke. */
export function SharedLinksPage() {
  usePageTitle("Shared links");
  const capabilities = useQuery(capabilitiesQueryOptions());
  const caps = capabilities.data ?? TELDRIVE_1_8;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-medium">Shared links</h1>
        <Link
          to="/$view"
          params={{ view: "shared" }}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          Shared files
        </Link>
      </div>
      {capabilities.isPending ? (
        <Skeleton className="h-32" />
      ) : caps.shareList ? (
        <ShareList canClear={caps.shareClear} />
      ) : (
        <NotOffered />
      )}
    </div>
  );
}

function ShareList({ canClear }: { canClear: boolean }) {
  const shares = useQuery(myShareQueryOptions());
  if (shares.isPending) return <Skeleton className="h-32" />;
  if (shares.isError)
    return (
      <div role="alert" className="flex items-center gap-3 rounded-xl bg-error-container p-4 text-on-error-container">
        <p className="flex-1">Could not load your links: {describeError(shares.error)}</p>
        <Button variant="text" onClick={() => void shares.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (shares.data.length === 0)
    return (
      <p className="py-6 text-on-surface-variant">
        You have not shared anything yet. Share a file or folder from its menu, and its link appears here.
      </p>
    );
  return (
    <>
      <p className="text-sm text-on-surface-variant">
        {shares.data.length === 1 ? "1 link" : `${shares.data.length} links`}. Anyone with a link can open what it
        points to, unless it has expired.
      </p>
      <ul aria-label="Your shared links" className="flex flex-col gap-2">
        {shares.data.map((share) => (
          <ShareRow key={share.id} share={share} canClear={canClear} />
        ))}
      </ul>
    </>
  );
}

/** Teldrive 1.8 has no call that lists a user's shares. */
function NotOffered() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl bg-surface-container-low p-8 text-center">
      <Link2Off aria-hidden className="size-10 text-on-surface-variant" />
      <h2 className="text-lg font-medium">Not available on this server</h2>
      <p className="max-w-md text-sm text-on-surface-variant">
        This server cannot list the links you have shared. The items you shared are under Shared, and each one's link
        can be changed or removed from its Share command.
      </p>
      <Link to="/$view" params={{ view: "shared" }} className="text-sm text-primary underline-offset-4 hover:underline">
        Go to Shared
      </Link>
    </div>
  );
}
