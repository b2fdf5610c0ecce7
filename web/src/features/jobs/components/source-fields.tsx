import { Checkbox } from "@/ui/checkbox";
import { Select } from "@/ui/select";
import { TextAreaField } from "@/ui/text-area-field";
import { TextField } from "@/ui/text-field";
import type { SourceForm, SourceKind } from "../lib/source-url";

const KINDS = [
  { value: "http", label: "A link (http or https)" },
  { value: "dav", label: "WebDAV server" },
  { value: "sftp", label: "SFTP server" },
  { value: "local", label: "A folder on this server" },
] as const;

/** Where to import from: the fields each kind of source needs. */
export function SourceFields({
  source,
  onChange,
}: {
  source: SourceForm;
  onChange<K extends keyof SourceForm>(key: K, value: SourceForm[K]): void;
}) {
  const remote = source.kind === "dav" || source.kind === "sftp";
  return (
    <>
      <Select
        label="Import from"
        options={KINDS}
        value={source.kind}
        onChange={(e) => onChange("kind", e.target.value as SourceKind)}
      />
      {source.kind === "http" && (
        <TextField
          label="Link"
          type="url"
          placeholder="https://example.com/file.zip"
          value={source.address}
          onChange={(e) => onChange("address", e.target.value)}
        />
      )}
      {remote && (
        <TextField
          label="Server"
          hint="Host name, and :port when it is not the usual one"
          value={source.address}
          onChange={(e) => onChange("address", e.target.value)}
        />
      )}
      {source.kind !== "http" && (
        <TextField
          label={source.kind === "local" ? "Folder on the server" : "Folder on the source"}
          hint={source.kind === "local" ? "Only folders the server's admin allows" : undefined}
          value={source.path}
          onChange={(e) => onChange("path", e.target.value)}
        />
      )}
      {source.kind === "dav" && (
        <Checkbox
          label="Secure connection (https)"
          checked={source.secure}
          onChange={(e) => onChange("secure", e.target.checked)}
        />
      )}
      {remote && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="User name"
            autoComplete="off"
            value={source.user}
            onChange={(e) => onChange("user", e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={source.password}
            onChange={(e) => onChange("password", e.target.value)}
          />
        </div>
      )}
      {source.kind === "sftp" && (
        <TextAreaField
          label="Private key (instead of a password)"
          hint="PEM text. Kept encrypted on the server and never shown again."
          value={source.privateKey}
          onChange={(e) => onChange("privateKey", e.target.value)}
        />
      )}
    </>
  );
}
