// Server administration commands: `npm run cli -w server -- <command> ...`.
// With the default PGlite database, stop the server first: PGlite allows one process per data directory.
import { clearPassword, setPassword } from "./auth/accounts.js";
import { isPhoneAllowed, normalisePhone } from "./auth/phone.js";
import { invite, listInvitations, uninvite } from "./auth/sign-up.js";
import { loadConfig } from "./config.js";
import { type Db, openDb } from "./db/index.js";

const USAGE = `usage:
  npm run cli -w server -- set-password <phone> <password>   set (or replace) the account's 2FA password
  npm run cli -w server -- clear-password <phone>            remove the account's 2FA password
  npm run cli -w server -- invite <phone>                    let this number get an account (sign-up is closed)
  npm run cli -w server -- uninvite <phone>                  withdraw that invitation
  npm run cli -w server -- invitations                       list the invitations not used yet`;

const COMMANDS = ["set-password", "clear-password", "invite", "uninvite", "invitations"];

async function run(db: Db, command: string, phone: string, password: string | undefined): Promise<number> {
  switch (command) {
    case "set-password":
      await setPassword(db, phone, password ?? "");
      console.log(`2FA password set for ${phone}`);
      return 0;
    case "clear-password":
      if (await clearPassword(db, phone)) {
        console.log(`2FA password cleared for ${phone}`);
        return 0;
      }
      console.error(`no account for ${phone}`);
      return 1;
    case "invite": {
      const made = await invite(db, phone, null);
      if (made.result === "has account") {
        console.error(`${phone} already has an account`);
        return 1;
      }
      console.log(made.result === "created" ? `invited ${phone}` : `${phone} was already invited`);
      return 0;
    }
    default:
      if (await uninvite(db, phone)) {
        console.log(`invitation for ${phone} withdrawn`);
        return 0;
      }
      console.error(`no invitation for ${phone}`);
      return 1;
  }
}

async function main(args: string[]): Promise<number> {
  const [command = "", phoneArg, password] = args;
  if (!COMMANDS.includes(command) || (command === "set-password" && !password)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (command === "invitations") {
    const db = await openDb(config);
    try {
      for (const i of await listInvitations(db)) console.log(`${i.phone}\tinvited ${i.createdAt.toISOString()}`);
      return 0;
    } finally {
      await db.close();
    }
  }
  const phone = normalisePhone(phoneArg ?? "");
  if (!phone) {
    console.error(`invalid phone number "${phoneArg ?? ""}": use the international format, e.g. +15551234567`);
    return 2;
  }
  if (command === "invite" && !isPhoneAllowed(phone, config.allowedPhones)) {
    console.error(`${phone} is not in ALLOWED_PHONES, so it cannot sign in even when invited`);
    return 1;
  }
  const db = await openDb(config);
  try {
    return await run(db, command, phone, password);
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
