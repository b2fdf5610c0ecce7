import { startNginx } from "../../../scripts/nginx.mjs";
import { expect, test, uniquePhone } from "../../fixtures.js";
import { type DriveServer, startDriveServer } from "../../lib/server.js";
import { expectUploadsComplete, row, uploadThroughPicker } from "../files/helpers.js";

// The client as deployed behind Debian's nginx with the README's configuration, which rewrites Host to the
// upstream's address: every browser write must still pass the cross-origin check (TRUST_PROXY).
let drive: DriveServer;
let nginx: Awaited<ReturnType<typeof startNginx>>;

test.beforeAll(async () => {
  drive = await startDriveServer({ env: { TRUST_PROXY: "127.0.0.1" } });
  nginx = await startNginx({ upstreamPort: drive.port });
});
test.afterAll(async () => {
  await nginx?.stop();
  await drive?.stop();
});

test("sign in, create a folder, upload a file and sign out through nginx", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: nginx.xForwardedUrl });
  const page = await context.newPage();
  const phone = uniquePhone();

  await page.goto("/login");
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Code", { exact: true }).fill(await drive.codeFor(phone));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my-drive/);

  await page.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "New folder" }).click();
  const create = page.getByRole("dialog", { name: "New folder" });
  await create.getByLabel("Folder name").fill("Through nginx");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(row(page, "Through nginx")).toBeVisible();

  await uploadThroughPicker(page, [{ name: "proxied.txt", mimeType: "text/plain", buffer: Buffer.from("via nginx") }]);
  await expectUploadsComplete(page);
  await expect(row(page, "proxied.txt")).toBeVisible();

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: /log ?out|sign out/i }).click();
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});

test("a change made elsewhere reaches an open tab through nginx within a second (live events unbuffered)", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: nginx.xForwardedUrl });
  const page = await context.newPage();
  const phone = uniquePhone();
  await page.goto("/login");
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Code", { exact: true }).fill(await drive.codeFor(phone));
  const live = page.waitForResponse((r) => r.url().includes("/api/events/stream") && r.status() === 200);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my-drive/);
  await live;
  // Another tab of the same browser, through nginx too.
  const made = await context.request.post("/api/files/mkdir", { data: { path: "/Pushed through nginx" } });
  expect(made.status()).toBe(204);
  // Nothing polls the list: the folder showing at all proves the push came through nginx.
  await expect(row(page, "Pushed through nginx")).toBeVisible();
  await context.close();
});
