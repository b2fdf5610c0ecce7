import fs from "node:fs";
import path from "node:path";
import type { Config } from "../src/config.js";

/** Whether the server's part store holds this part (parts on disk here). */
export async function partExists(config: Config, ref: { channelId: number; partId: number }): Promise<boolean> {
  return fs.existsSync(path.join(config.dataDir, "channels", String(ref.channelId), String(ref.partId)));
}

/** Puts a part straight into the store, as a server killed before recording it would leave it. */
export async function storeStray(config: Config, ref: { channelId: number; partId: number }): Promise<void> {
  const dir = path.join(config.dataDir, "channels", String(ref.channelId));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, String(ref.partId)), "a part no row records");
}
