import type { ImportConfig } from "../../config.js";
import { parseSource, type SyncArgs } from "../args.js";
import { NetGuard } from "../net-guard.js";
import { davSource } from "./dav-source.js";
import { httpSource } from "./http-source.js";
import type { KnownHosts } from "./known-hosts.js";
import { localSource } from "./local-source.js";
import { sftpSource } from "./sftp-source.js";
import type { Source } from "./source.js";

/** Connects to the source the arguments name, with the admin's limits and the user's trusted SFTP host keys. */
export async function openSource(config: ImportConfig, args: SyncArgs, knownHosts: KnownHosts): Promise<Source> {
  const spec = parseSource(args.source);
  const guard = new NetGuard(config.allowPrivate);
  switch (spec.kind) {
    case "local":
      return localSource(config.localDirs, spec.url);
    case "http":
      return httpSource(guard, spec.url, args.headers);
    case "dav":
      return davSource(guard, spec.url, args.headers);
    case "sftp":
      return sftpSource(guard, spec.url, knownHosts);
  }
}
