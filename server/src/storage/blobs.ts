import type { Config } from "../config.js";

/** File parts on local disk: `DATA_DIR/channels/<channelId>/<partId>`. (Implemented by the storage module.) */
export class Blobs {
  constructor(readonly config: Config) {}
}
