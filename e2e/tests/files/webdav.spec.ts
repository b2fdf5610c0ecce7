import { expect, test } from "../../fixtures.js";
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
