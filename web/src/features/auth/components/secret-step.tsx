import { type FormEvent, useState } from "react";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";

/**
 * The two sign-in steps that ask for one secret: the one-time code the server sent (or, on a self-hosted server,
 * printed in its log), and the account's two-step verification password. A code is sent trimmed, a password as typed.
 */
const STEPS = {
  code: {
    label: "Code",
    inputMode: "numeric",
    autoComplete: "one-time-code",
    hint: "Enter the code sent to you (on a self-hosted server it is printed in the server log).",
    secretOf: (typed: string) => typed.trim(),
  },
  password: {
    label: "Password",
    type: "password",
    autoComplete: "current-password",
    hint: "This account has two-step verification.",
    secretOf: (typed: string) => typed,
  },
} as const;

export function SecretStep(props: { kind: keyof typeof STEPS; pending: boolean; onSubmit: (secret: string) => void }) {
  const { secretOf, ...field } = STEPS[props.kind];
  const [typed, setTyped] = useState("");
  const secret = secretOf(typed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (secret) props.onSubmit(secret);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        {...field}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        disabled={props.pending}
        required
        autoFocus
      />
      <Button type="submit" disabled={props.pending || !secret}>
        {props.pending ? "Please wait…" : "Sign in"}
      </Button>
    </form>
  );
}
