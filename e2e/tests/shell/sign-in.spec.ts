import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test, uniquePhone } from "../../fixtures.js";
import { websocketLogin } from "../../lib/auth.js";
import { REPO_ROOT, startDriveServer } from "../../lib/server.js";
import { asTeldrive18 } from "../../lib/teldrive.js";
import { expectTheme, inEveryScheme, searchParam } from "./matrix.js";

const CODE_HINT = "Enter the code sent to you (on a self-hosted server it is printed in the server log).";

/** Types the phone in international form and asks for a code. */
async function sendCode(page: Page, phone: string) {
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  await expect(page.getByText(CODE_HINT)).toBeVisible();
}

inEveryScheme("sign-in page", (scheme) => {
  test("phone and code over the websocket, then back to the redirect target", async ({ page, server }) => {
    const phone = uniquePhone();
    await page.goto("/settings/info");
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expectTheme(page, scheme);

    // Formats as typed: "+15551234567" reads "+1 555 123 4567".
    await page.getByLabel("Phone number").pressSequentially(phone);
    await expect(page.getByLabel("Phone number")).toHaveValue(`+1 555 ${phone.slice(5, 8)} ${phone.slice(8)}`);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(CODE_HINT)).toBeVisible();

    await page.getByLabel("Code", { exact: true }).fill(await server.codeFor(phone));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/settings\/info$/);
    await expect(page.getByRole("heading", { name: "Info" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  });

  test("a national number uses the chosen country", async ({ page, server }) => {
    const phone = uniquePhone();
    await page.goto("/login");
    await page.getByLabel("Country").selectOption("US");
    await page.getByLabel("Phone number").pressSequentially(phone.slice(2));
    await expect(page.getByLabel("Phone number")).toHaveValue(`(555) ${phone.slice(5, 8)}-${phone.slice(8)}`);
    await page.getByRole("button", { name: "Send code" }).click();
    // The server saw the international number, so the code is filed under it.
    await page.getByLabel("Code", { exact: true }).fill(await server.codeFor(phone));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/my-drive\?path=%2F$/);
  });

  test("wrong codes: the page explains, then shows the server's message", async ({ page, server }) => {
    const phone = uniquePhone();
    await page.goto("/login");
    await sendCode(page, phone);
    const code = await server.codeFor(phone);
    const wrong = code === "00000000" ? "11111111" : "00000000";
    for (let attempt = 1; attempt < 5; attempt++) {
      await page.getByLabel("Code", { exact: true }).fill(wrong);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("The code is not valid. Check it and try again.");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    }
    await page.getByLabel("Code", { exact: true }).fill(wrong);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("too many wrong codes; request a new code");

    await page.getByRole("button", { name: "Start over" }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await sendCode(page, phone);
    await page.getByLabel("Code", { exact: true }).fill(await server.codeFor(phone));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/my-drive\?path=%2F$/);
  });

  test("a phone that cannot be a number is refused before sending", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Phone number").fill("12");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("Enter a phone number, e.g. +1 555 123 4567")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("QR sign-in is offered only where the server has it", async ({ page }) => {
    const asked = page.waitForResponse((r) => r.url().endsWith("/api/capabilities"));
    await page.goto("/login");
    expect((await (await asked).json()).qrLogin).toBe(false);
    await expect(page.getByRole("button", { name: "Send code" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with QR code" })).toHaveCount(0);
  });

  test("against Teldrive (no /api/capabilities) QR sign-in is offered, and a refusal is shown", async ({ page }) => {
    await asTeldrive18(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with QR code" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "QR sign-in is not available on this server; sign in with your phone number",
    );
    await expect(page.getByRole("button", { name: "Send code" })).toBeEnabled();
  });

  test("a redirect to another site is ignored", async ({ page, server }) => {
    const phone = uniquePhone();
    await page.goto("/login?redirect=https%3A%2F%2Fevil.example%2F");
    await sendCode(page, phone);
    await page.getByLabel("Code", { exact: true }).fill(await server.codeFor(phone));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/my-drive\?path=%2F$/);
    expect(searchParam(page, "redirect")).toBeNull();
  });
});

// Needs a server of its own (a password is set before it starts); starting one is slow, so this runs once.
test.describe("sign-in with a 2FA password", () => {
  test("asks for the password, shows a wrong one's message, then signs in", async ({ page }) => {
    test.setTimeout(120_000);
    const phone = uniquePhone();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-e2e-2fa-"));
    // The password is set with the server's own command, before the server opens the data directory.
    execFileSync(process.execPath, ["--import", "tsx", "server/src/cli.ts", "set-password", phone, "s3cret pass"], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: "pipe",
    });
    const server = await startDriveServer({ dataDir });
    try {
      await page.goto(`${server.baseURL}/login?redirect=%2Fsettings%2Fgeneral`);
      await sendCode(page, phone);
      await page.getByLabel("Code", { exact: true }).fill(await server.codeFor(phone));
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { name: "Enter your password" })).toBeVisible();

      await page.getByLabel("Password", { exact: true }).fill("wrong");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("invalid password");

      await page.getByLabel("Password", { exact: true }).fill("s3cret pass");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/settings\/general$/);
      await expect(page.getByRole("heading", { name: "General" })).toBeVisible();
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Sign-up closed (the default outside tests): a server of its own, whose first account owns it.
test.describe("sign-in on a server that only lets invited people in", () => {
  test("a new number is told, after its right code, that the owner must invite it", async ({ page }) => {
    test.setTimeout(120_000);
    const server = await startDriveServer({ env: { SIGN_UP: "closed" } });
    try {
      await websocketLogin(server, uniquePhone());
      const stranger = uniquePhone();
      await page.goto(`${server.baseURL}/login`);
      await sendCode(page, stranger);
      await page.getByLabel("Code", { exact: true }).fill(await server.codeFor(stranger));
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "This server only lets in people the owner invited. Ask the owner to invite your phone number, then sign in again.",
      );
      await expect(page).toHaveURL(/\/login/);
    } finally {
      await server.stop();
    }
  });
});
