import { expect, type Page, test } from "../../fixtures.js";
import { bytesOf, expectUploadsComplete, openDrive, row, sha256, uploadThroughPicker } from "./helpers.js";

/**
 * The drive over WebDAV and in the web client are one drive: a key made on the Connect page signs a WebDAV client
 * in, a file it puts shows in the list, and a file uploaded in the page reads back through WebDAV byte for byte.
 */
test("a file put through WebDAV shows in the client, and one uploaded in the client reads back through WebDAV", async ({
  authedPage: page,
  baseURL,
}) => {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Connect (WebDAV)" }).click();
  await expect(page.getByRole("heading", { name: "Connect with WebDAV" })).toBeVisible();
  await expect(page.getByLabel("WebDAV URL")).toHaveValue(`${baseURL}/webdav/`);
  await page.getByRole("button", { name: "Create a key for WebDAV" }).click();
  const key = await page.getByLabel("API key (the password)").inputValue();
  expect(key).toMatch(/^tdk_/);
  await expect(page.getByText(`pass='${key}'`, { exact: false })).toBeVisible();
  const authorization = `Basic ${Buffer.from(`anyone:${key}`).toString("base64")}`;

  const put = bytesOf(200_000, 7);
  const sent = await page.request.fetch("/webdav/from%20webdav.bin", {
    method: "PUT",
    headers: { authorization },
    data: put,
  });
  expect(sent.status()).toBe(201);
  await openDrive(page);
  await expect(row(page, "from webdav.bin")).toBeVisible();

  const uploaded = bytesOf(150_001, 9);
  await uploadThroughPicker(page, [
    { name: "from the page.bin", mimeType: "application/octet-stream", buffer: uploaded },
  ]);
  await expectUploadsComplete(page);
  const read = await page.request.get("/webdav/from%20the%20page.bin", { headers: { authorization } });
  expect(read.status()).toBe(200);
  expect(sha256(await read.body())).toBe(sha256(uploaded));
});

/** A fresh API key of the signed-in user, as a WebDAV client's Basic password. */
async function davAuthorization(page: Page): Promise<string> {
  const made = await page.request.post("/api/users/api-keys", { data: { name: "webdav" } });
  expect(made.status()).toBe(201);
  const { key } = (await made.json()) as { key: string };
  return `Basic ${Buffer.from(`anyone:${key}`).toString("base64")}`;
}

const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

test("a file a WebDAV client locked is not renamed from the page, which says why; after UNLOCK it is", async ({
  authedPage: page,
}) => {
  const authorization = await davAuthorization(page);
  const put = await page.request.fetch("/webdav/held.txt", { method: "PUT", headers: { authorization }, data: "held" });
  expect(put.status()).toBe(201);
  const lock = await page.request.fetch("/webdav/held.txt", {
    method: "LOCK",
    headers: { authorization, "content-type": "application/xml" },
    data: LOCK_BODY,
  });
  expect(lock.status()).toBe(200);
  await openDrive(page);

  await row(page, "held.txt").click();
  await page.getByRole("toolbar", { name: "Selection" }).getByRole("button", { name: "Rename", exact: true }).click();
  const rename = page.getByRole("dialog", { name: "Rename file" });
  await rename.getByLabel("New name").fill("moved.txt");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(
    page.getByText(
      `"held.txt" is locked by an app connected over WebDAV, so it can't be changed now. Try again when that app has unlocked it`,
    ),
  ).toBeVisible();
  // The dialog stays open with what was typed, and the file keeps its name.
  await expect(rename.getByLabel("New name")).toHaveValue("moved.txt");
  const listed = (await (await page.request.get("/api/files?path=/&limit=100")).json()) as {
    items: { name: string }[];
  };
  expect(listed.items.map((f) => f.name)).toContain("held.txt");

  const unlock = await page.request.fetch("/webdav/held.txt", {
    method: "UNLOCK",
    headers: { authorization, "lock-token": lock.headers()["lock-token"] ?? "" },
  });
  expect(unlock.status()).toBe(204);
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(row(page, "moved.txt")).toBeVisible();
});

test("'Encrypt files' is kept on the server, and a file put through WebDAV is then stored encrypted", async ({
  authedPage: page,
}) => {
  await page.goto("/settings/general");
  await page.getByLabel("Encrypt files").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  expect(await (await page.request.get("/api/users/settings")).json()).toEqual({ encryptFiles: true });

  const authorization = await davAuthorization(page);
  const bytes = bytesOf(300_000, 11);
  const put = await page.request.fetch("/webdav/sealed.bin", {
    method: "PUT",
    headers: { authorization },
    data: bytes,
  });
  expect(put.status()).toBe(201);
  const list = (await (await page.request.get("/api/files?path=/&limit=100")).json()) as {
    items: { name: string; encrypted: boolean }[];
  };
  expect(list.items.find((f) => f.name === "sealed.bin")?.encrypted).toBe(true);
  const read = await page.request.get("/webdav/sealed.bin", { headers: { authorization } });
  expect(sha256(await read.body())).toBe(sha256(bytes));
});
