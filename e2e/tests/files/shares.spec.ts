import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures.js";
import { downloadedBytes, openDrive, row, unlock, visitor } from "./helpers.js";
import { png } from "./samples.js";

const shareRow = (page: Page, name: string) => page.getByTestId("share-row").filter({ hasText: name });

test("a protected folder share: create with expiry, open in a fresh browser, change the password, remove", async ({
  authedPage: page,
  api,
  browser,
  baseURL,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await api.mkdir("/Trip/day1");
  await api.uploadFile("/Trip", "photo.png", png(4, [0, 128, 0]), { mimeType: "image/png" });
  await api.uploadFile("/Trip/day1", "notes.md", "# Day one\n\nWe walked.", { mimeType: "text/markdown" });
  await api.uploadFile("/Trip", "zebra.txt", "z", { mimeType: "text/plain" });
  await openDrive(page);

  await row(page, "Trip").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: 'Share "Trip"' });
  await dialog.getByLabel("Password (optional)").fill("s3cret pässword");
  const nextYear = `${new Date().getFullYear() + 1}-06-30`;
  await dialog.getByLabel("Expires on (optional)").fill(nextYear);
  await dialog.getByRole("button", { name: "Create link" }).click();
  const linkField = dialog.getByLabel("Link");
  await expect(linkField).toHaveValue(/\/share\/[\w-]+$/);
  const link = await linkField.inputValue();
  await expect(dialog).toContainText("Protected by a password");
  await expect(dialog).toContainText(`expires ${new Date(`${nextYear}T12:00:00`).toLocaleDateString("en-US")}`);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Someone else, in a browser that never signed in.
  const guest = await visitor(browser, baseURL);
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: '"Trip" is protected' })).toBeVisible();
  await unlock(guest, "wrong");
  await expect(guest.getByRole("alert")).toHaveText("Wrong password");
  await unlock(guest, "s3cret pässword");
  await expect(shareRow(guest, "photo.png")).toBeVisible();
  await expect(shareRow(guest, "day1")).toBeVisible();

  // Sort by name descending: the folder stays first, then the files from z to a.
  await guest.getByRole("button", { name: "Name" }).click();
  await expect(guest.getByTestId("share-row").nth(1)).toContainText("zebra.txt");
  await expect(guest.getByTestId("share-row").nth(2)).toContainText("photo.png");
  await expect(guest.getByTestId("share-row").first()).toContainText("day1");

  const download = guest.waitForEvent("download");
  await guest.getByRole("button", { name: "Download photo.png" }).click();
  expect(await downloadedBytes(await download)).toEqual(png(4, [0, 128, 0]));

  await shareRow(guest, "day1").getByRole("button", { name: "day1", exact: true }).click();
  await expect(guest).toHaveURL(/path=%2Fday1/);
  await expect(guest.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("Tripday1");
  await shareRow(guest, "notes.md").getByRole("button", { name: "notes.md", exact: true }).click();
  await expect(guest.getByRole("dialog").getByRole("heading", { name: "Day one" })).toBeVisible();
  await guest.keyboard.press("Escape");

  // The password is kept for this tab: a reload needs no new prompt.
  await guest.reload();
  await expect(shareRow(guest, "notes.md")).toBeVisible();
  await guest.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("button", { name: "Trip" }).click();
  await expect(shareRow(guest, "photo.png")).toBeVisible();

  await dialog.getByLabel("New password").fill("n3w");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  const second = await visitor(browser, baseURL);
  await second.goto(link);
  await unlock(second, "s3cret pässword");
  await expect(second.getByRole("alert")).toHaveText("Wrong password");
  await unlock(second, "n3w");
  await expect(shareRow(second, "photo.png")).toBeVisible();

  await dialog.getByRole("button", { name: "Remove share" }).click();
  await expect(page.getByText("Share removed")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create link" })).toBeVisible();
  await second.reload();
  await expect(second.getByRole("heading", { name: "This link has expired or does not exist" })).toBeVisible();

  await guest.context().close();
  await second.context().close();
});

test("an unprotected file share opens straight away and previews", async ({ api, browser, baseURL }) => {
  const file = await api.uploadFile("/", "poster.png", png(6, [200, 0, 0]), { mimeType: "image/png" });
  const shareId = await api.share(file.id ?? "");
  const guest = await visitor(browser, baseURL);
  await guest.goto(`/share/${shareId}`);
  // A share of one file shows the file itself (share-page.spec.ts has more).
  const image = guest.getByRole("region", { name: "Preview" }).getByRole("img", { name: "poster.png" });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(6);
  expect(await image.getAttribute("src")).toBe(
    new URL(`/api/shares/${shareId}/files/${file.id}/poster.png`, baseURL).toString(),
  );
  await guest.context().close();
});

test("an unknown link says it has expired or does not exist", async ({ browser, baseURL }) => {
  const guest = await visitor(browser, baseURL);
  await guest.goto("/share/00000000-0000-0000-0000-000000000000");
  await expect(guest.getByRole("heading", { name: "This link has expired or does not exist" })).toBeVisible();
  await guest.context().close();
});

test("too many wrong passwords make the visitor wait", async ({ api, browser, baseURL }) => {
  const file = await api.uploadFile("/", "secret.txt", "s", { mimeType: "text/plain" });
  const shareId = await api.share(file.id ?? "", "right");
  const guest = await visitor(browser, baseURL);
  await guest.goto(`/share/${shareId}`);
  for (let attempt = 0; attempt < 5; attempt++) {
    await guest.getByLabel("Password").fill(`wrong ${attempt}`);
    const answer = guest.waitForResponse((r) => r.url().endsWith(`/api/shares/${shareId}/unlock`));
    await guest.getByRole("button", { name: "Open" }).click();
    expect((await answer).status()).toBe(401);
    await expect(guest.getByRole("alert")).toHaveText("Wrong password");
  }
  await unlock(guest, "right");
  await expect(guest.getByRole("alert")).toHaveText(/^Too many attempts\. Wait \d+ seconds and try again\.$/);
  await expect(guest.getByTestId("share-row")).toHaveCount(0);
  await guest.context().close();
});
