import type { Config } from "../config.js";
import { badRequest } from "../http/errors.js";
import { parseSource, type SyncArgs } from "./args.js";
import { NetGuard } from "./net-guard.js";
import { pinnedHostKey } from "./sources/known-hosts.js";
import { localSource } from "./sources/local-source.js";

/**
 * Refuses at once what a run would refuse anyway: an unknown source type, a local folder the admin does not allow,
 * a host on a forbidden address, encryption the server cannot do. A run checks the addresses again when it connects.
 */
export async function checkArgs(config: Config, args: SyncArgs): Promise<void> {
  const spec = parseSource(args.source);
  if (args.options?.encrypted && !config.encryptionKey)
    throw badRequest("encrypted imports need the server's ENCRYPTION_KEY, which is not set");
  if (!args.destinationDir.startsWith("/"))
    throw badRequest("destinationDir must be a path from the root, e.g. /Imports");
  if (spec.kind === "local") {
    await (await localSource(config.imports.localDirs, spec.url)).close();
    return;
  }
  if (!spec.url.hostname) throw badRequest("the source needs a host name");
  await new NetGuard(config.imports.allowPrivate).resolve(spec.url.hostname);
  if (spec.kind === "sftp" && !spec.url.username)
    throw badRequest("an sftp:// source needs a user name: sftp://user@host/path");
  if (spec.kind === "sftp") pinnedHostKey(spec.url);
}
