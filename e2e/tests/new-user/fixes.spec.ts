// Issue 26, "Fix": what still tripped a new user up, each checked as that user would meet it.
import { expect, type Page, test } from "../../fixtures.js";
import { signInRequest, uniquePhone } from "../../lib/auth.js";
import { startDriveServer } from "../../lib/server.js";
import { expectUploadsComplete, openDrive, row, uploadThroughPicker } from "../files/helpers.js";

const preview = (page: Page) => page.getByRole("dialog");

test("closing a preview with Escape gives the focus back to the row that opened it, so the arrows go on", async ({
  authedPage: page,
  api,
}) => {
  for (const name of ["a.txt", "b.txt", "c.txt"]) await api.uploadFile("/", name, name, { mimeType: "text/plain" });
  await openDrive(page);
  await row(page, "a.txt").click();
  await page.keyboard.press("ArrowDown");
  await expect(row(page, "b.txt")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(preview(page).getByRole("heading", { name: "b.txt" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(preview(page).getByRole("heading", { name: "c.txt" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(preview(page)).toHaveCount(0);
  await expect(row(page, "b.txt")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(row(page, "c.txt")).toBeFocused();
});

test("after a rename the focus and the selection stay on the renamed item, and Delete acts on it", async ({
  authedPage: page,
  api,
}) => {
  for (const name of ["b.txt", "c.txt", "d.txt"]) await api.uploadFile("/", name, name, { mimeType: "text/plain" });
  await openDrive(page);
  await row(page, "b.txt").click();
  await expect(row(page, "b.txt")).toBeFocused();
  await page.keyboard.press("F2");
  const dialog = page.getByRole("dialog", { name: "Rename file" });
  await dialog.getByLabel("New name").fill("z.txt");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(dialog).toHaveCount(0);
  // The renamed file sorts last now: focus went with it, and it is the one selected.
  const renamed = row(page, "z.txt");
  await expect(renamed).toHaveAttribute("aria-selected", "true");
  await expect(renamed).toBeFocused();
  await expect(page.getByRole("row", { selected: true })).toHaveCount(1);
  await page.keyboard.press("Delete");
  const confirm = page.getByRole("dialog").or(page.getByRole("alertdialog"));
  await expect(confirm).toContainText("z.txt");
});

test("a server without an encryption key: Settings says so at the switch, and uploads still work", async ({ page }) => {
  test.setTimeout(120_000);
  const server = await startDriveServer({ env: { ENCRYPTION_KEY: undefined } });
  try {
    await signInRequest(server, page.context().request, uniquePhone());
    // Someone turned encryption on earlier (or on a server that had a key).
    await page.addInitScript(() => {
      localStorage.setItem("settings", JSON.stringify({ state: { encryptFiles: true }, version: 0 }));
    });
    await page.goto(`${server.baseURL}/settings/general`);
    const encrypt = page.getByLabel("Encrypt files");
    await expect(encrypt).toBeDisabled();
    await expect(encrypt).not.toBeChecked();
    await expect(page.getByText("This server can't encrypt files")).toBeVisible();

    const refused: string[] = [];
    page.on("response", (res) => {
      if (res.status() >= 400 && res.url().includes("/api/uploads/")) refused.push(`${res.status()} ${res.url()}`);
    });
    await page.goto(`${server.baseURL}/my-drive?path=%2F`);
    await uploadThroughPicker(page, [{ name: "plain.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
    await expectUploadsComplete(page);
    await expect(row(page, "plain.txt")).toBeVisible();
    expect(refused).toEqual([]);
  } finally {
    await server.stop();
  }
});
