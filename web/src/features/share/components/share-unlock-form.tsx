import { Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ApiError } from "@/drive/api/api-client";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";
import { useUnlockShare } from "../api/unlock-share";

function unlockError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403 || error.status === 401) return "Wrong password";
    if (error.status === 429) {
      const wait = Number(error.headers.get("retry-after"));
      return wait > 0
        ? `Too many attempts. Wait ${wait} seconds and try again.`
        : "Too many attempts. Wait a minute and try again.";
    }
    if (error.status === 404) return "This link has expired or does not exist";
  }
  return "Could not check the password. Check your connection and try again.";
}

/** Asks for a protected share's password and checks it with the server before keeping it. */
export function ShareUnlockForm(props: {
  shareId: string;
  name: string;
  initialError?: string;
  onUnlock: (password: string) => void;
}) {
  const unlock = useUnlockShare(props.shareId);
  const [password, setPassword] = useState("");
  const error = unlock.isError ? unlockError(unlock.error) : props.initialError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    unlock.mutate(password, { onSuccess: () => props.onUnlock(password) });
  };

  return (
    <form onSubmit={submit} className="m-auto flex w-full max-w-sm flex-col gap-4 p-6" aria-label="Unlock share">
      <div className="flex items-center gap-3">
        <Lock aria-hidden className="size-6 text-primary" />
        <h1 className="min-w-0 truncate text-xl font-medium">"{props.name}" is protected</h1>
      </div>
      <TextField
        label="Password"
        type="password"
        autoFocus
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={!password || unlock.isPending}>
        Open
      </Button>
    </form>
  );
}
