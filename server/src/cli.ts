// Server administration commands: `npm run cli -w server -- <command> ...`.
// With the default PGlite database, stop the server first: PGlite allows one process per data directory.
import { clearPassword, setPassword } from "./auth/accounts.js";
import { normalisePhone } from "./auth/phone.js";
import { loadConfig } from "./config.js";
import { openDb } from "./db/index.js";

const USAGE = `usage:
  npm run cli -w server -- set-password <phone> <password>   set (or replace) the account's 2FA password
  npm run cli -w server -- clear-password <phone>            remove the account's 2FA password`;

async function main(args: string[]): Promise<number> {
  const [command, phoneArg, password] = args;
  if (command !== "set-password" && command !== "clear-password") {
    console.error(USAGE);
    return 2;
  }
  const phone = normalisePhone(phoneArg ?? "");
  if (!phone) {
    console.error(`invalid phone number "${phoneArg ?? ""}": use the international format, e.g. +15551234567`);
    return 2;
  }
  if (command === "set-password" && !password) {
    console.error(USAGE);
    return 2;
  }
  const db = await openDb(loadConfig());
  try {
    if (command === "set-password" && password) {
      await setPassword(db, phone, password);
      console.log(`2FA password set for ${phone}`);
      return 0;
    }
    if (await clearPassword(db, phone)) {
      console.log(`2FA password cleared for ${phone}`);
      return 0;
    }
    console.error(`no account for ${phone}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
