import { useState } from "react";
import { errorText } from "@/drive/errors/error-message";
import { formatDate } from "@/lib/dates";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { type ApiKey, useRevokeApiKey } from "../api/api-keys";

const when = (value: string | undefined, none: string) => (value ? formatDate(new Date(value)) : none);

/** One key: its name, when it was created, last used and expires, and Revoke (asked first). */
export function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [asking, setAsking] = useState(false);
  const onConfirm = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        setAsking(false);
        toast.success(`Key "${apiKey.name}" revoked`);
      },
      onError: (error) => toast.error(errorText(error)),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-surface-container px-4 py-3">
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{apiKey.name}</span>
        <span className="text-xs text-on-surface-variant">
          Created {when(apiKey.createdAt, "—")} · Last used {when(apiKey.lastUsedAt, "never")} · Expires{" "}
          {when(apiKey.expiresAt, "never")}
        </span>
      </div>
      <Button variant="danger" onClick={() => setAsking(true)} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Revoke "${apiKey.name}"?`}
        message="Programs using this key stop working at once. This cannot be undone."
        confirmLabel="Revoke"
        cancelLabel="Cancel"
        pending={revoke.isPending}
        onConfirm={onConfirm}
      />
    </li>
  );
}
