import { expect, test } from "../../fixtures.js";
import { downloadedBytes, openDrive, row } from "./helpers.js";

const selection = (page: import("@playwright/test").Page) => page.getByRole("toolbar", { name: "Selection" });

test("new folder, rename, copy, move and delete from the toolbar", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "a.txt", "alpha", { mimeType: "text/plain" });
  await api.mkdir("/Archive");
  await openDrive(page);

  await page.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "New folder" }).click();
  const create = page.getByRole("dialog", { name: "New folder" });
  await create.getByLabel("Folder name").fill("a/b");
  await expect(create.getByRole("alert")).toHaveText("A name can't contain /");
  await expect(create.getByRole("button", { name: "Create" })).toBeDisabled();
  await create.getByLabel("Folder name").fill("Docs");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText('Folder "Docs" created')).toBeVisible();
  await expect(row(page, "Docs")).toBeVisible();

  await row(page, "a.txt").click();
  await selection(page).getByRole("button", { name: "Rename", exact: true }).click();
  const rename = page.getByRole("dialog", { name: "Rename file" });
  await rename.getByLabel("New name").fill("b.txt");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(row(page, "b.txt")).toBeVisible();
  await expect(row(page, "a.txt")).toHaveCount(0);

  await row(page, "b.txt").click();
  await selection(page).getByRole("button", { name: "Copy", exact: true }).click();
  const copy = page.getByRole("dialog", { name: 'Copy "b.txt"' });
  await copy.getByRole("button", { name: "Docs" }).click();
  await copy.getByRole("button", { name: "Copy here" }).click();
  await expect(page.getByText('Copied "b.txt" to Docs')).toBeVisible();
  expect((await api.list("/Docs")).items.map((f) => f.name)).toEqual(["b.txt"]);

  // Moving onto a name that exists fails, says why, and leaves the list as it was.
  await row(page, "b.txt").click();
  await selection(page).getByRole("button", { name: "Move", exact: true }).click();
  const move = page.getByRole("dialog", { name: 'Move "b.txt"' });
  await move.getByRole("button", { name: "Docs" }).click();
  await move.getByRole("button", { name: "Move here" }).click();
  await expect(page.getByText('An item named "b.txt" already exists here')).toBeVisible();
  await move.getByRole("button", { name: "My Drive" }).click();
  await move.getByRole("button", { name: "Archive" }).click();
  await move.getByRole("button", { name: "Move here" }).click();
  await expect(page.getByText('Moved "b.txt" to Archive')).toBeVisible();
  await expect(row(page, "b.txt")).toHaveCount(0);
  expect((await api.list("/Archive")).items.map((f) => f.name)).toEqual(["b.txt"]);

  await row(page, "Docs").click();
  await selection(page).getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: 'Delete "Docs"?' });
  await expect(confirm.getByRole("list", { name: "Items to delete" })).toHaveText("Docs");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(row(page, "Docs")).toHaveCount(0);
  expect((await api.list("/")).items.map((f) => f.name)).toEqual(["Archive"]);
});

test("rename, share, copy link, download and delete from the context menu", async ({
  authedPage: page,
  api,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const file = await api.uploadFile("/", "report.txt", "quarterly numbers", { mimeType: "text/plain" });
  await openDrive(page);
  const menu = page.getByRole("menu");

  await row(page, "report.txt").click({ button: "right" });
  await menu.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByLabel("New name").fill("final.txt");
  await page.getByLabel("New name").press("Enter");
  await expect(row(page, "final.txt")).toBeVisible();

  await row(page, "final.txt").click({ button: "right" });
  await menu.getByRole("menuitem", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/api/files/${file.id}/final\\.txt\\?hash=`));
  expect((await (await context.request.get(link)).body()).toString()).toBe("quarterly numbers");

  await row(page, "final.txt").click({ button: "right" });
  const download = page.waitForEvent("download");
  await menu.getByRole("menuitem", { name: "Download" }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe("final.txt");
  expect((await downloadedBytes(saved)).toString()).toBe("quarterly numbers");

  await row(page, "final.txt").click({ button: "right" });
  await menu.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: 'Delete "final.txt"?' }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText('Deleted "final.txt"')).toBeVisible();
  await expect(row(page, "final.txt")).toHaveCount(0);
});

test("keyboard: F2 renames, Delete deletes, Ctrl+X / Ctrl+V moves into a folder", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "one.txt", "1", { mimeType: "text/plain" });
  await api.uploadFile("/", "two.txt", "2", { mimeType: "text/plain" });
  await api.mkdir("/Box");
  await api.uploadFile("/Box", "keep.txt", "k", { mimeType: "text/plain" });
  await openDrive(page);

  await row(page, "one.txt").click();
  await page.keyboard.press("F2");
  const rename = page.getByRole("dialog", { name: "Rename file" });
  await expect(rename.getByLabel("New name")).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("uno.txt");
  await page.keyboard.press("Enter");
  await expect(row(page, "uno.txt")).toBeVisible();

  await row(page, "two.txt").click();
  await page.keyboard.press("Delete");
  const confirm = page.getByRole("dialog", { name: 'Delete "two.txt"?' });
  // Cancel holds the focus (Enter alone never deletes); Tab reaches Delete.
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(row(page, "two.txt")).toHaveCount(0);

  await row(page, "uno.txt").click();
  await page.keyboard.press("Control+X");
  await row(page, "Box").dblclick();
  await expect(page).toHaveURL(/path=%2FBox/);
  await row(page, "keep.txt").click();
  await page.keyboard.press("Control+V");
  await expect(row(page, "uno.txt")).toBeVisible();
  expect((await api.list("/Box")).items.map((f) => f.name).sort()).toEqual(["keep.txt", "uno.txt"]);
});

test("multi-select with Ctrl-click, Shift-range and Ctrl+A; several downloads; bulk delete", async ({
  authedPage: page,
  api,
}) => {
  for (const n of ["a", "b", "c", "d"])
    await api.uploadFile("/", `${n}.txt`, `content ${n}`, { mimeType: "text/plain" });
  await openDrive(page);

  await row(page, "a.txt").click();
  await row(page, "c.txt").click({ modifiers: ["Shift"] });
  await expect(selection(page)).toContainText("3 selected");
  await row(page, "d.txt").click({ modifiers: ["ControlOrMeta"] });
  await expect(selection(page)).toContainText("4 selected");
  await row(page, "b.txt").click({ modifiers: ["ControlOrMeta"] });
  await expect(selection(page)).toContainText("3 selected");
  await expect(row(page, "b.txt")).toHaveAttribute("aria-selected", "false");

  const downloads: string[] = [];
  page.on("download", (d) => downloads.push(d.suggestedFilename()));
  const third = page.waitForEvent("download", { predicate: () => downloads.length === 3 });
  await selection(page).getByRole("button", { name: "Download", exact: true }).click();
  await third;
  expect(downloads.sort()).toEqual(["a.txt", "c.txt", "d.txt"]);

  await row(page, "a.txt").click();
  await page.keyboard.press("ControlOrMeta+A");
  await expect(selection(page)).toContainText("4 selected");
  await selection(page).getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 4 items?" });
  await expect(confirm.getByRole("listitem")).toHaveText(["a.txt", "b.txt", "c.txt", "d.txt"]);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted 4 items")).toBeVisible();
  await expect(page.getByRole("row", { name: /\.txt,/ })).toHaveCount(0);
  expect((await api.list("/")).items).toHaveLength(0);
});

test("drag a file onto a folder moves it", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "drag.txt", "d", { mimeType: "text/plain" });
  await api.mkdir("/Target");
  await openDrive(page);
  await row(page, "drag.txt").dragTo(row(page, "Target"));
  await expect(page.getByText('Moved "drag.txt" to Target')).toBeVisible();
  await expect(row(page, "drag.txt")).toHaveCount(0);
  expect((await api.list("/Target")).items.map((f) => f.name)).toEqual(["drag.txt"]);
});

test("drag a file onto a breadcrumb moves it up", async ({ authedPage: page, api }) => {
  await api.mkdir("/Outer/Inner");
  await api.uploadFile("/Outer/Inner", "deep.txt", "d", { mimeType: "text/plain" });
  await openDrive(page, "/Outer/Inner");
  const crumbs = page.getByRole("navigation", { name: /breadcrumb/i });
  await row(page, "deep.txt").dragTo(crumbs.getByText("Outer", { exact: true }));
  await expect(page.getByText('Moved "deep.txt" to Outer')).toBeVisible();
  await expect(row(page, "deep.txt")).toHaveCount(0);
  expect((await api.list("/Outer")).items.map((f) => f.name).sort()).toEqual(["Inner", "deep.txt"]);
});
