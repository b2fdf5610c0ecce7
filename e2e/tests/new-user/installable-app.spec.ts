// Issue 26, item 23: the installable app: a manifest with our icons, an offline shell, and a share target that
// uploads what another app shares into a chosen folder.
import { expect, type Page, test } from "../../fixtures.js";
import { expectUploadsComplete, findFile, openDrive } from "../files/helpers.js";

/** Waits until the app's service worker controls the page and has kept the page's scripts for offline use. */
async function untilShellKept(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A page whose navigation began while the worker was still installing is not claimed by it (the browser claims only
  // pages already running); the next load is controlled, as a user's next visit is.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith("/app-sw.js"));
  await page.waitForFunction(async () => {
    const cache = await caches.open("drive-shell-v1");
    const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
    const loaded = performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith("/assets/"));
    return keys.includes("/") && loaded.every((p) => keys.includes(p));
  });
}

const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

test("the page links a manifest whose icons and share target are there", async ({ page }) => {
  await page.goto("/login");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = (await (await page.request.get(href ?? "")).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
    share_target: { action: string; method: string; params: { files: { name: string }[] } };
  };
  expect(manifest).toMatchObject({ name: "Drive", start_url: "/my-drive", display: "standalone" });
  expect(manifest.share_target).toMatchObject({ action: "/share-target", method: "POST" });
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    if (icon.type === "image/png") expect(pngSize(await res.body()).join("x")).toBe(icon.sizes);
  }
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
});

test("the app opens from its shell when offline, not the browser's offline page", async ({
  authedPage: page,
  context,
}) => {
  await openDrive(page);
  await untilShellKept(page);
  await context.setOffline(true);
  await page.reload();
  // The app itself draws (whatever it then says about the server), where the browser would show its own error page.
  await expect(page.locator("#root")).not.toBeEmpty();
  await expect(page.getByRole("link", { name: "Go to My Drive" }).or(page.getByRole("main")).first()).toBeVisible();
  await context.setOffline(false);
});

test("Share → Drive: files shared to the app are uploaded into the folder chosen", { tag: "@phone" }, async ({
  authedPage: page,
  api,
}) => {
  await openDrive(page);
  await untilShellKept(page);
  // What a phone's share sheet does: a multipart POST to the manifest's share_target action, as a navigation.
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.enctype = "multipart/form-data";
    form.action = "/share-target";
    const input = document.createElement("input");
    input.type = "file";
    input.name = "files";
    input.multiple = true;
    input.id = "shared-input";
    form.append(input);
    document.body.append(form);
  });
  await page.setInputFiles("#shared-input", [
    { name: "beach.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not really a jpeg") },
    { name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("shared text") },
  ]);
  await page.evaluate(() => document.querySelector<HTMLInputElement>("#shared-input")?.form?.submit());
  await expect(page).toHaveURL(/\/receive-share$/);
  await expect(page.getByRole("heading", { name: "Upload shared files" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Shared files" }).getByRole("listitem")).toHaveText([
    /beach\.jpg/,
    /note\.txt/,
  ]);
  await page.getByLabel("Folder").fill("/From phone");
  await page.getByRole("button", { name: "Upload 2 files" }).click();
  await expectUploadsComplete(page);
  expect((await api.download(await findFile(api, "/From phone", "note.txt"))).toString()).toBe("shared text");
  expect((await api.download(await findFile(api, "/From phone", "beach.jpg"))).toString()).toBe("not really a jpeg");
});
