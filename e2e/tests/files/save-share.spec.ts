import { expect, test } from "../../fixtures.js";
import { findFile, openDrive, row, unlock, visitor } from "./helpers.js";

test("a signed-in visitor saves a protected folder share into their drive; an anonymous one sees no button", async ({
  api,
  browser,
  baseURL,
  newSession,
}) => {
  await api.mkdir("/Album/raw");
  await api.uploadFile("/Album", "cover.txt", "the cover", { mimeType: "text/plain" });
  await api.uploadFile("/Album/raw", "take1.txt", "first take", { mimeType: "text/plain" });
  const album = await findFile(api, "/", "Album");
  const shareId = await api.share(album.id ?? "", "lens cap");

  const guest = await visitor(browser, baseURL);
  await guest.goto(`/share/${shareId}`);
  await unlock(guest, "lens cap");
  await expect(guest.getByTestId("share-row").filter({ hasText: "cover.txt" })).toBeVisible();
  await expect(guest.getByRole("button", { name: "Save to my drive" })).toHaveCount(0);

  const other = await newSession();
  const page = await other.context.newPage();
  await page.goto(`/share/${shareId}`);
  await unlock(page, "lens cap");
  await expect(page.getByTestId("share-row").filter({ hasText: "cover.txt" })).toBeVisible();
  await page.getByRole("button", { name: "Save to my drive" }).click();
  await expect(page.getByRole("status").filter({ hasText: 'Saved "Album" to My Drive' })).toBeVisible();
  // A second save lands beside the first under a free name.
  await page.getByRole("button", { name: "Save to my drive" }).click();
  const toast = page.getByRole("status").filter({ hasText: 'Saved "Album (1)" to My Drive' });
  await toast.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/my-drive/);
  await expect(row(page, "Album")).toBeVisible();
  await expect(row(page, "Album (1)")).toBeVisible();

  const take = await findFile(other.api, "/Album (1)/raw", "take1.txt");
  expect((await other.api.download(take)).toString()).toBe("first take");
  // The owner's drive is unchanged.
  expect((await api.list("/")).items.map((f) => f.name)).toEqual(["Album"]);
  await openDrive(page, "/Album");
  await expect(row(page, "cover.txt")).toBeVisible();
  await guest.context().close();
});
