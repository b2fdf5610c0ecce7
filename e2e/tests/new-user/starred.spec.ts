// Issue 26, item 21: starring files and folders, the Starred page and starred folders pinned in the navigation;
// kept per user on our server, in the browser on Teldrive (no such API there).
import { expect, type Page, test } from "../../fixtures.js";
import { asTeldrive18 } from "../../lib/teldrive.js";
import { openDrive, row } from "../files/helpers.js";

async function star(page: Page, name: string, command = "Add to Starred") {
  await row(page, name).click({ button: "right" });
  await page.getByRole("menu").getByRole("menuitem", { name: command }).click();
}

test("stars a file and a folder, lists them on Starred, pins the folder, and keeps them on the server", async ({
  authedPage: page,
  api,
}) => {
  await api.mkdir("/Projects");
  await api.uploadFile("/Projects", "inside.txt", "in the folder", { mimeType: "text/plain" });
  await api.uploadFile("/", "notes.txt", "some notes", { mimeType: "text/plain" });
  await openDrive(page);
  await star(page, "Projects");
  await expect(page.getByText('Added "Projects" to Starred')).toBeVisible();
  await star(page, "notes.txt");

  const nav = page.getByRole("navigation", { name: "Main" });
  const pinned = nav.getByRole("list", { name: "Pinned folders" });
  await expect(pinned.getByRole("link", { name: "Projects" })).toBeVisible();
  await nav.getByRole("link", { name: "Starred" }).click();
  await expect(page.getByRole("heading", { name: "Starred", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "Starred items" });
  await expect(list.getByRole("listitem")).toHaveText([/notes\.txt/, /Projects/]);

  // Kept by the server: a reload (and any other browser of this user) sees the same.
  const stars = await page.request.get("/api/stars");
  expect(((await stars.json()) as { items: { name: string }[] }).items.map((f) => f.name)).toEqual([
    "notes.txt",
    "Projects",
  ]);
  await page.reload();
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // A file opens in the preview; a pinned folder opens in the drive.
  await list.getByRole("button", { name: "notes.txt", exact: true }).click();
  await expect(page.getByRole("dialog")).toContainText("some notes");
  await page.keyboard.press("Escape");
  await pinned.getByRole("link", { name: "Projects" }).click();
  await expect(row(page, "inside.txt")).toBeVisible();

  await openDrive(page);
  await star(page, "Projects", "Remove from Starred");
  await expect(pinned).toBeHidden();
  await nav.getByRole("link", { name: "Starred" }).click();
  await list.getByRole("button", { name: "Remove notes.txt from Starred" }).click();
  await expect(page.getByText("Nothing is starred yet.")).toBeVisible();
});

test("on Teldrive, which keeps no stars, stars are kept in the browser", async ({ authedPage: page, api }) => {
  await asTeldrive18(page);
  let starCalls = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/stars")) starCalls++;
  });
  await api.mkdir("/Album");
  await openDrive(page);
  await star(page, "Album");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("list", { name: "Pinned folders" }).getByRole("link", { name: "Album" })).toBeVisible();
  await nav.getByRole("link", { name: "Starred" }).click();
  await expect(page.getByText("kept in this browser only")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("list", { name: "Starred items" }).getByRole("listitem")).toHaveText([/Album/]);
  const stored = await page.evaluate(() => localStorage.getItem("drive.stars"));
  expect(JSON.parse(stored ?? "[]")).toMatchObject([{ name: "Album", type: "folder" }]);
  expect(starCalls).toBe(0);
});
