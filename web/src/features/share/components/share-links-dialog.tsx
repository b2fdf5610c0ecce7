import { useQuery } from "@tanstack/react-query";
import { actionErrorMessage } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { fileLinksQueryOptions } from "@/drive/shares/file-shares";
import { Dialog } from "@/ui/dialog";
import { Spinner } from "@/ui/spinner";
import { LinkForm } from "./link-form";
import { LinkRow } from "./link-row";

/** API-B's share dialog: every link of the file (copy, change, remove) and a form for one more. */
export function ShareLinksDialog({ item, onClose }: { item: FileItem; onClose: () => void }) {
  const links = useQuery(fileLinksQueryOptions(item.id));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Share "${item.name}"`}>
      {links.isPending && <Spinner label="Loading links" />}
      {links.isError && (
        <p role="alert" className="text-sm text-error">
          {actionErrorMessage(links.error, item.name)}
        </p>
      )}
      {links.data && (
        <div className="flex flex-col gap-4">
          {links.data.length === 0 ? (
            <p className="text-sm text-on-surface-variant">
              No links yet. Anyone with a link can see and download this item.
            </p>
          ) : (
            <ul aria-label="Links" className="flex flex-col gap-3">
              {links.data.map((link, i) => (
                <LinkRow key={link.id} item={item} link={link} number={i + 1} />
              ))}
            </ul>
          )}
          <LinkForm item={item} submitLabel={links.data.length === 0 ? "Create link" : "Add another link"} />
        </div>
      )}
    </Dialog>
  );
}
