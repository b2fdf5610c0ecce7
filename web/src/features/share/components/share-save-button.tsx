import { useNavigate } from "@tanstack/react-router";
import { HardDriveDownload } from "lucide-react";
import { ApiError } from "@/drive/api/api-client";
import { errorText } from "@/drive/errors/error-message";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { useSaveShare } from "../api/save-share";

/** What went wrong saving a share, in words a visitor can act on. */
function saveErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return "Could not save: sign in again, or check the share's password.";
    if (error.status === 404) return "Could not save: this share is no longer available.";
  }
  return `Could not save: ${errorText(error)}`;
}

/** "Save to my drive" on a share page: copies the share into the visitor's drive and links to where it landed. */
export function ShareSaveButton({ shareId, password }: { shareId: string; password: string | undefined }) {
  const navigate = useNavigate();
  const save = useSaveShare(shareId, password);
  const onClick = () =>
    save.mutate(undefined, {
      onSuccess: (saved) => {
        const name = saved.items[0]?.name ?? "the share";
        const where = saved.destination.path === "/" ? "My Drive" : saved.destination.path;
        toast.success(`Saved "${name}" to ${where}`, {
          action: {
            label: "Open",
            onClick: () => void navigate({ to: "/my-drive", search: { path: saved.destination.path } }),
          },
        });
      },
      onError: (error) => toast.error(saveErrorText(error)),
    });
  return (
    <Button variant="tonal" onClick={onClick} disabled={save.isPending}>
      <HardDriveDownload aria-hidden className="size-4" />
      {save.isPending ? "Saving…" : "Save to my drive"}
    </Button>
  );
}
