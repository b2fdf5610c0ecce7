import { type FormEvent, useState } from "react";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";

/** The account's two-step verification password. */
export function PasswordStep({ pending, onSubmit }: { pending: boolean; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint="This account has two-step verification."
        disabled={pending}
        required
        autoFocus
      />
      <Button type="submit" disabled={pending || !password}>
        {pending ? "Please wait…" : "Sign in"}
      </Button>
    </form>
  );
}
