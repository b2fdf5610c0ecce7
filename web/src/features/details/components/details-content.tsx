import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Copy, File, Folder } from "lucide-react";
import type { ReactNode } from "react";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { describeError } from "@/drive/errors/error-message";
import { typeLabel } from "@/drive/files/describe-item";
import { FileIcon } from "@/drive/files/file-icon";
import { toFileItem } from "@/drive/files/file-item";
import { parentPath, placeName } from "@/drive/files/folder-path";
import { fileQueryOptions } from "@/drive/files/get-file";
import { useDeriveOptions } from "@/drive/files/use-derive-options";
import { fileShareQueryOptions } from "@/drive/shares/get-file-share";
import { shareLink } from "@/drive/shares/share-link";
import { formatDate } from "@/lib/dates";
import { formatSize } from "@/lib/format-size";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { Spinner } from "@/ui/spinner";

/** A term and its value; left out when the server did not say (Teldrive sends no creation time or part count). */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1">
      <dt className="text-on-surface-variant">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const dateOf = (iso: string | undefined) => (iso ? formatDate(new Date(iso)) : "");
const itemCount = (n: number) => (n === 1 ? "1 item" : `${n.toLocaleString()} items`);

/** Size, type, place, dates, parts, encryption and share link of one item, from `GET /files/{id}` and its share. */
export function DetailsContent({ itemId }: { itemId: string }) {
  const file = useQuery(fileQueryOptions(itemId));
  const derive = useDeriveOptions();
  if (file.isPending) return <Spinner label="Loading details" className="m-4" />;
  if (file.isError)
    return (
      <p role="alert" className="p-4 text-sm text-error">
        Could not load the details: {describeError(file.error)}
      </p>
    );
  const item = file.data;
  const isFolder = item.type === "folder";
  const folder = parentPath(item.path ?? "");
  const shown = toFileItem(item, derive);
  const Icon = isFolder ? Folder : File;
  const pieces = item.partCount;
  return (
    <div className="flex flex-col gap-4 p-4 text-sm">
      {shown.thumbnailUrl && (
        <div className="aspect-video w-full overflow-hidden rounded-xl bg-surface-container">
          <FileIcon item={shown} large />
        </div>
      )}
      <h3 className="flex items-center gap-2 text-base font-medium break-all">
        <Icon aria-hidden className="size-6 shrink-0 text-on-surface-variant" />
        {item.name}
      </h3>
      <dl aria-label="Properties">
        <Row term="Type">{typeLabel(shown)}</Row>
        {isFolder ? (
          item.contentSize !== undefined && (
            <Row term="Size">
              {formatSize(item.contentSize)}
              {item.contentCount !== undefined && `, ${itemCount(item.contentCount)}`}
            </Row>
          )
        ) : (
          <Row term="Size">
            {formatSize(item.size ?? 0)} ({(item.size ?? 0).toLocaleString()} bytes)
          </Row>
        )}
        <Row term="Where">
          <Link
            to="/my-drive"
            search={{ path: folder, select: itemId }}
            className="text-primary underline-offset-4 hover:underline"
          >
            {placeName(folder)}
          </Link>
        </Row>
        {item.createdAt && <Row term="Created">{dateOf(item.createdAt)}</Row>}
        <Row term="Modified">{dateOf(item.updatedAt)}</Row>
        {!isFolder && pieces !== undefined && (
          <Row term="Stored as">{pieces === 1 ? "1 piece" : `${pieces.toLocaleString()} pieces`}</Row>
        )}
        {!isFolder && <Row term="Encrypted">{item.encrypted ? "Yes" : "No"}</Row>}
      </dl>
      <ShareSection itemId={itemId} />
    </div>
  );
}

function ShareSection({ itemId }: { itemId: string }) {
  const share = useQuery(fileShareQueryOptions(itemId));
  const shareList = useQuery(capabilitiesQueryOptions()).data?.shareList ?? false;
  let body: ReactNode;
  if (share.isPending) body = <Spinner label="Loading the share link" />;
  else if (share.isError) body = <p role="alert">Could not load the share link: {describeError(share.error)}</p>;
  else if (!share.data) body = <p className="text-on-surface-variant">Not shared.</p>;
  else {
    const url = shareLink(location.origin, share.data.id);
    const expired = share.data.expiresAt !== undefined && Date.parse(share.data.expiresAt) <= Date.now();
    const copy = () =>
      navigator.clipboard.writeText(url).then(
        () => toast.success("Link copied"),
        () => toast.error("Could not copy the link to the clipboard"),
      );
    body = (
      <>
        <p className="break-all font-mono text-xs">{url}</p>
        <dl>
          <Row term="Password">{share.data.protected ? "Yes" : "No"}</Row>
          <Row term="Expires">
            {share.data.expiresAt ? (
              <span className={expired ? "font-medium text-error" : undefined}>
                {expired ? "Expired " : ""}
                {dateOf(share.data.expiresAt)}
              </span>
            ) : (
              "Never"
            )}
          </Row>
        </dl>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="tonal" className="h-10" onClick={copy}>
            <Copy aria-hidden className="size-4" />
            Copy link
          </Button>
          {shareList && (
            <Link to="/shared/links" className="text-primary underline-offset-4 hover:underline">
              Manage shared links
            </Link>
          )}
        </div>
      </>
    );
  }
  return (
    <section aria-label="Share link" className="flex flex-col gap-2 border-t border-outline-variant pt-3">
      <h3 className="font-medium">Share link</h3>
      {body}
    </section>
  );
}
