/** Where an import reads from, as the form asks for it. */
export type SourceKind = "http" | "dav" | "sftp" | "local";

export interface SourceForm {
  kind: SourceKind;
  /** A link (http) or host[:port] (dav, sftp). */
  address: string;
  /** Folder on the source (dav, sftp, local). */
  path: string;
  secure: boolean;
  user: string;
  password: string;
  privateKey: string;
}

export const EMPTY_SOURCE: SourceForm = {
  kind: "http",
  address: "",
  path: "/",
  secure: true,
  user: "",
  password: "",
  privateKey: "",
};

/**
 * The `source` of Teldrive main's SyncArgs: a link as given; `dav(s)://user:password@host/path`;
 * `sftp://user[:password]@host/path[?privateKey=PEM]`; `local:///folder`. An error text when the form is incomplete.
 */
export function sourceUrl(form: SourceForm): { url: string } | { error: string } {
  const folder = `/${form.path.trim().replace(/^\/+/, "")}`;
  if (form.kind === "local")
    return form.path.trim() ? { url: `local://${encodePath(folder)}` } : { error: "Enter the server folder" };
  if (form.kind === "http") {
    const link = form.address.trim();
    if (!/^https?:\/\/[^/\s]+/i.test(link)) return { error: "Enter a link that starts with http:// or https://" };
    try {
      return { url: new URL(link).toString() };
    } catch {
      return { error: "This link is not valid" };
    }
  }
  const host = form.address
    .trim()
    .replace(/^[a-z]+:\/\//i, "")
    .replace(/\/.*$/, "");
  if (!host) return { error: "Enter the server's address" };
  if (form.kind === "sftp" && !form.user.trim()) return { error: "Enter the user name" };
  const auth = form.user.trim()
    ? `${encodeURIComponent(form.user.trim())}${form.password ? `:${encodeURIComponent(form.password)}` : ""}@`
    : "";
  const scheme = form.kind === "sftp" ? "sftp" : form.secure ? "davs" : "dav";
  const key =
    form.kind === "sftp" && form.privateKey.trim() ? `?privateKey=${encodeURIComponent(form.privateKey.trim())}` : "";
  return { url: `${scheme}://${auth}${host}${encodePath(folder)}${key}` };
}

const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** A source URL as shown in the list: no credentials, no key (the server already drops them). */
export function sourceLabel(source: string): string {
  try {
    const url = new URL(source);
    url.password = "";
    url.search = "";
    return decodeURIComponent(url.toString());
  } catch {
    return source;
  }
}
