import { Trash2 } from "lucide-react";
import { cn } from "@/lib/cn";
import { toIsoDate } from "@/lib/dates";
import { IconButton } from "@/ui/icon-button";
import type { UserSession } from "../api/get-sessions";

/** One signed-in device: green border when valid, red when not. */
export function SessionCard({
  session,
  deleting,
  onDelete,
}: {
  session: UserSession;
  deleting: boolean;
  onDelete: () => void;
}) {
  const name = session.appName || "Unknown";
  const deletable = !session.current || !session.valid;
  return (
    <li
      data-valid={session.valid}
      className={cn(
        "flex items-center justify-between gap-2 rounded-2xl border-2 bg-surface p-3",
        session.valid ? "border-green-600 dark:border-green-400" : "border-error",
      )}
    >
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-medium">
          {name}
          {session.current && <span className="ml-2 text-xs font-normal text-primary">This device</span>}
        </span>
        <span className="text-sm text-on-surface-variant">
          {[session.location, toIsoDate(session.createdAt)].filter(Boolean).join(" · ")}
        </span>
        <span className="sr-only">{session.valid ? "Valid session" : "Expired session"}</span>
      </div>
      {deletable && (
        <IconButton label={`Delete session ${name}`} onClick={onDelete} disabled={deleting}>
          <Trash2 aria-hidden className="size-5" />
        </IconButton>
      )}
    </li>
  );
}
