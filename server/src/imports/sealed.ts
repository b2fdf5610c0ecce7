import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config.js";

/**
 * Sources' credentials at rest: an import's whole arguments are sealed with AES-256-GCM under a key derived from
 * IMPORT_SECRET (else ENCRYPTION_KEY, else a random key kept in DATA_DIR/import-secret, which suits one instance
 * only: several instances need the same IMPORT_SECRET). The API shows only what `publicArgs` keeps.
 */
export class Sealer {
  private readonly key: Buffer;

  constructor(config: Pick<Config, "imports" | "encryptionKey" | "dataDir">) {
    const secret = config.imports.secret ?? config.encryptionKey ?? keyFileSecret(config.dataDir);
    this.key = Buffer.from(crypto.hkdfSync("sha256", secret, "drive imports", "sealed source arguments", 32));
  }

  seal(value: unknown): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  }

  open(sealed: string): unknown {
    const raw = Buffer.from(sealed, "base64");
    const decipher = crypto.createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    try {
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"));
    } catch {
      throw new Error("the import's saved settings cannot be read: the server's IMPORT_SECRET changed");
    }
  }
}

function keyFileSecret(dataDir: string): string {
  const file = path.join(dataDir, "import-secret");
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      // Another start wrote it first.
      return fs.readFileSync(file, "utf8");
    }
  }
}
