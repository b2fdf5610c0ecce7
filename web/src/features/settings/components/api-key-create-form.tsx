import { type FormEvent, useState } from "react";
import { errorText } from "@/drive/errors/error-message";
import { endOfDay, toIsoDate } from "@/lib/dates";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";
import { type NewApiKey, useCreateApiKey } from "../api/api-keys";

/** A name and an optional expiry; the created key goes to `onCreated`, to be shown once. */
export function ApiKeyCreateForm({ onCreated }: { onCreated(key: NewApiKey): void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState("");
  const trimmed = name.trim();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    try {
      const key = await create.mutateAsync({ name: trimmed, expiresAt: endOfDay(expiry) });
      setName("");
      setExpiry("");
      onCreated(key);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label="New API key" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        className="flex-1"
        label="Name"
        hint="What uses it, e.g. rclone on my laptop"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={100}
        required
      />
      <TextField
        label="Expires on (optional)"
        type="date"
        min={toIsoDate(new Date())}
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
      />
      <Button type="submit" disabled={!trimmed || create.isPending}>
        Create key
      </Button>
    </form>
  );
}
