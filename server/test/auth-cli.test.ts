import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { verifyPassword } from "../src/auth/passwords.js";
import { openDb } from "../src/db/index.js";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-cli-"));
const tsx = path.resolve(import.meta.dirname, "../../node_modules/.bin/tsx");
const cli = path.resolve(import.meta.dirname, "../src/cli.ts");

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function cliRun(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [cli, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function passwordHash(phone: string): Promise<string | null | undefined> {
  const db = await openDb({ dataDir });
  try {
    const rows = await db.query<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE phone = $1", [
      phone,
    ]);
    return rows[0]?.password_hash;
  } finally {
    await db.close();
  }
}

it("sets and clears a 2FA password from the command line", async () => {
  const set = await cliRun("set-password", "+1 555 030 0001", "hunter2 hunter2");
  expect(set).toMatchObject({ code: 0, stdout: "2FA password set for +15550300001\n" });
  const hash = await passwordHash("+15550300001");
  expect(hash && (await verifyPassword("hunter2 hunter2", hash))).toBe(true);

  const clear = await cliRun("clear-password", "+15550300001");
  expect(clear).toMatchObject({ code: 0, stdout: "2FA password cleared for +15550300001\n" });
  expect(await passwordHash("+15550300001")).toBeNull();
});

it("explains bad usage with a non-zero exit", async () => {
  const bad = await cliRun("set-password", "not-a-phone", "pw");
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('invalid phone number "not-a-phone"');
  const usage = await cliRun("frobnicate");
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain("set-password <phone> <password>");
  const unknown = await cliRun("clear-password", "+15550300999");
  expect(unknown).toMatchObject({ code: 1, stderr: "no account for +15550300999\n" });
});

it("invites a number and withdraws the invitation from the command line", async () => {
  expect(await cliRun("invite", "+1 555 030 0002")).toMatchObject({ code: 0, stdout: "invited +15550300002\n" });
  expect(await cliRun("invite", "+15550300002")).toMatchObject({
    code: 0,
    stdout: "+15550300002 was already invited\n",
  });
  // The account set-password made above (the server's first, so its owner) needs no invitation.
  expect(await cliRun("invite", "+15550300001")).toMatchObject({
    code: 1,
    stderr: "+15550300001 already has an account\n",
  });
  const db = await openDb({ dataDir });
  try {
    expect(await db.query("SELECT phone, invited_by FROM sign_up_invitations")).toEqual([
      { phone: "+15550300002", invited_by: null },
    ]);
  } finally {
    await db.close();
  }
  expect(await cliRun("uninvite", "+15550300002")).toMatchObject({
    code: 0,
    stdout: "invitation for +15550300002 withdrawn\n",
  });
  expect(await cliRun("uninvite", "+15550300002")).toMatchObject({
    code: 1,
    stderr: "no invitation for +15550300002\n",
  });
  expect((await cliRun("invite")).code).toBe(2);
});
