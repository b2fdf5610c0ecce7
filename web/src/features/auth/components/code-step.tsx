import { type FormEvent, useState } from "react";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";

/** The one-time code the server sent (or, on a self-hosted server, printed in its log). */
export function CodeStep({ pending, onSubmit }: { pending: boolean; onSubmit: (code: string) => void }) {
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onSubmit(code.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        hint="Enter the code sent to you (on a self-hosted server it is printed in the server log)."
        disabled={pending}
        required
        autoFocus
      />
      <Button type="submit" disabled={pending || !code.trim()}>
        {pending ? "Please wait…" : "Sign in"}
      </Button>
    </form>
  );
}
