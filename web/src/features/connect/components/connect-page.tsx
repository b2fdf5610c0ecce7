import { useQuery } from "@tanstack/react-query";
import { Copy, KeyRound, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { describeError } from "@/drive/errors/error-message";
import { usePageTitle } from "@/lib/document-title";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";
import { useCreateWebdavKey } from "../api/create-webdav-key";
import { instructions, webdavUrl } from "../lib/instructions";

const copy = (text: string, what: string) =>
  navigator.clipboard.writeText(text).then(
    () => toast.success(`${what} copied`),
    () => toast.error(`Could not copy the ${what.toLowerCase()} to the clipboard`),
  );

/** Connect: the drive as a network drive over WebDAV, with a key made for it and steps for each client. */
export function ConnectPage() {
  usePageTitle("Connect");
  const hasWebdav = (useQuery(capabilitiesQueryOptions()).data ?? TELDRIVE_1_8).webdav ?? false;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 p-4">
      <h1 className="text-2xl font-medium">Connect with WebDAV</h1>
      {hasWebdav ? <ConnectSteps /> : <p className="text-on-surface-variant">This server does not offer WebDAV.</p>}
    </div>
  );
}

function ConnectSteps() {
  const url = webdavUrl(window.location.origin);
  const create = useCreateWebdavKey();
  const [key, setKey] = useState<string | null>(null);
  const makeKey = () =>
    create.mutate(
      { name: `WebDAV ${new Date().toISOString().slice(0, 10)}` },
      { onSuccess: (created) => setKey(created.key) },
    );
  return (
    <>
      <p className="text-on-surface-variant">
        Open your drive from Finder, Explorer, file managers, media players and rclone. Sign in with any user name and
        an API key as the password; the key sees only your drive and works until you revoke it in Settings → API keys.
      </p>
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1 font-mono"
          label="WebDAV URL"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="tonal" onClick={() => void copy(url, "URL")}>
          <Copy aria-hidden className="size-4" />
          Copy
        </Button>
      </div>
      {key ? (
        <div className="flex flex-col gap-3">
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl bg-error-container px-4 py-3 text-sm text-on-error-container"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            Copy this key now: it is shown only once. The steps below have it filled in.
          </p>
          <div className="flex items-end gap-2">
            <TextField
              className="flex-1 font-mono"
              label="API key (the password)"
              readOnly
              value={key}
              onFocus={(e) => e.target.select()}
            />
            <Button variant="tonal" onClick={() => void copy(key, "Key")}>
              <Copy aria-hidden className="size-4" />
              Copy
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-2">
          <Button onClick={makeKey} disabled={create.isPending}>
            <KeyRound aria-hidden className="size-4" />
            Create a key for WebDAV
          </Button>
          {create.isError && (
            <p role="alert" className="text-sm text-error">
              Could not create a key: {describeError(create.error)}
            </p>
          )}
        </div>
      )}
      {instructions(url, key).map((step) => (
        <section key={step.id} aria-labelledby={`connect-${step.id}`} className="flex flex-col gap-2">
          <h2 id={`connect-${step.id}`} className="text-lg font-medium">
            {step.title}
          </h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {step.steps.map((s) => (
              <li key={s} className="break-words">
                {s}
              </li>
            ))}
          </ol>
          {step.code && (
            <div className="flex flex-col items-end gap-1">
              <pre className="w-full overflow-x-auto rounded-lg bg-surface-container p-3 text-xs">
                <code>{step.code}</code>
              </pre>
              <Button variant="text" onClick={() => void copy(step.code ?? "", "Commands")}>
                <Copy aria-hidden className="size-4" />
                Copy commands
              </Button>
            </div>
          )}
        </section>
      ))}
    </>
  );
}
