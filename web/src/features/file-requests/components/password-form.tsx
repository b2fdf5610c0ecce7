import { type FormEvent, useState } from "react";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";
import { RequestCallError, unlockRequest } from "../api/public-request";
import { uploadErrorText } from "../lib/upload-errors";

/** A protected request asks for its password before the drop zone shows. */
export function PasswordForm({ requestId, onUnlocked }: { requestId: string; onUnlocked(): void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await unlockRequest(requestId, password);
      onUnlocked();
    } catch (failure) {
      setError(uploadErrorText(failure instanceof RequestCallError ? failure.status : 0));
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-3xl bg-surface-container-low p-6">
      <p>This request needs a password before you can upload.</p>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending || password === ""}>
          Continue
        </Button>
      </div>
    </form>
  );
}
