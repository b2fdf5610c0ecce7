import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useApiGeneration } from "@/drive/api/generation";
import { actionErrorMessage } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { fileShareQueryOptions } from "@/drive/shares/get-file-share";
import { shareLink } from "@/drive/shares/share-link";
import { Dialog } from "@/ui/dialog";
import { Spinner } from "@/ui/spinner";
import { ShareCreateForm } from "./share-create-form";
import { ShareLinkPanel } from "./share-link-panel";

/** API-B's dialog of several links, loaded only on servers that have them. */
const ShareLinksDialog = lazy(() => import("./share-links-dialog").then((m) => ({ default: m.ShareLinksDialog })));

/** API-B: every link of the item; API-A: its one link (create, show, re-protect, remove). */
export function ShareDialog({ item, onClose }: { item: FileItem; onClose: () => void }) {
  if (useApiGeneration() === "B") {
    return (
      <Suspense fallback={<Spinner label="Loading links" />}>
        <ShareLinksDialog item={item} onClose={onClose} />
      </Suspense>
    );
  }
  return <OneLinkDialog item={item} onClose={onClose} />;
}

/** Creates, shows, re-protects and removes the public link of a file or folder. */
function OneLinkDialog({ item, onClose }: { item: FileItem; onClose: () => void }) {
  const share = useQuery(fileShareQueryOptions(item.id));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Share "${item.name}"`}>
      {share.isPending && <Spinner label="Loading share" />}
      {share.isError && (
        <p role="alert" className="text-sm text-error">
          {actionErrorMessage(share.error, item.name)}
        </p>
      )}
      {share.data === null && <ShareCreateForm item={item} onCreated={share.refetch} />}
      {share.data && (
        <ShareLinkPanel
          item={item}
          share={share.data}
          link={shareLink(location.origin, share.data.id)}
          onRemoved={share.refetch}
        />
      )}
    </Dialog>
  );
}
