// Several items of the trash at once: selecting with the mouse and the keyboard, restoring them together (through the
// name-clash question), deleting them forever together, and the pages of the trash not loaded yet; real server.
import type { APIRequestContext, Page } from "@playwright/test";
import { type DriveApi, expect, test } from "../../fixtures.js";
import { expectNoSeriousA11yViolations } from "../../lib/axe.js";
import { openDrive, row } from "./helpers.js";

const trashList = (page: Page) => page.getByRole("list", { name: "Items in the trash" });
const bar = (page: Page) => page.getByRole("toolbar", { name: "Selection" });
const box = (page: Page, name: string) => trashList(page).getByRole("checkbox", { name: `Select "${name}"` });

async function trashCount(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/trash");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { meta: { count: number } }).meta.count;
}

/** The names in the trash in the order the page shows them (most recently deleted first). */
async function shownNames(page: Page): Promise<string[]> {
  const labels = await trashList(page)
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((b) => b.getAttribute("aria-label") ?? ""));
  return labels.map((label) => label.replace(/^Select "(.*)"$/, "$1"));
}

async function expectChecked(page: Page, names: string[], all: string[]) {
  for (const name of all) {
    if (names.includes(name)) await expect(box(page, name)).toBeChecked();
    else await expect(box(page, name)).not.toBeChecked();
  }
}

async function names(api: DriveApi, path: string): Promise<string[]> {
  return (await api.list(path)).items.map((f) => f.name).sort();
}

test("several items are selected with the mouse and the keyboard, restored together and deleted forever together", async ({
  authedPage: page,
  api,
}) => {
  const files = ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt", "f.txt"];
  await api.mkdir("/Batch");
  for (const name of files) await api.uploadFile("/Batch", name, `contents of ${name}`, { mimeType: "text/plain" });
  await openDrive(page, "/Batch");
  await row(page, "a.txt").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.getByRole("toolbar", { name: "Selection" }).getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog", { name: "Delete 6 items?" }).getByRole("button", { name: "Delete" }).click();
  await expect(row(page, "a.txt")).toHaveCount(0);

  await page.goto("/trash");
  await expect(trashList(page).getByRole("listitem")).toHaveCount(6);
  await expect(bar(page).getByText("Select all")).toBeVisible();
  const order = await shownNames(page);
  expect([...order].sort()).toEqual(files);
  const [first, second, third, fourth, fifth, sixth] = order as [string, string, string, string, string, string];

  // Ctrl/Cmd+A selects every loaded item; Escape clears.
  await page.keyboard.press("ControlOrMeta+a");
  await expect(bar(page).getByText("6 selected")).toBeVisible();
  await expect(bar(page).getByRole("checkbox", { name: "Select all loaded items" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(bar(page).getByText("Select all")).toBeVisible();
  await expectChecked(page, [], order);

  // Keyboard: Space toggles the focused checkbox, Shift+Space selects the range from the last one toggled.
  await box(page, first).focus();
  await page.keyboard.press("Space");
  await box(page, third).focus();
  await page.keyboard.press("Shift+Space");
  await expect(bar(page).getByText("3 selected")).toBeVisible();
  await expectChecked(page, [first, second, third], order);
  await page.keyboard.press("Escape");
  await expectChecked(page, [], order);

  // Mouse: a click on a checkbox toggles, Shift-click selects the range.
  await box(page, first).click();
  await box(page, third).click({ modifiers: ["Shift"] });
  await expect(bar(page).getByText("3 selected")).toBeVisible();
  await expect(bar(page).getByRole("checkbox", { name: "Select all loaded items" })).not.toBeChecked();
  await box(page, fifth).focus();
  await page.keyboard.press("Space");
  await expect(bar(page).getByText("4 selected")).toBeVisible();
  await expectChecked(page, [first, second, third, fifth], order);

  // Two of them clash with names made since: one question lists both, Keep both restores all four.
  await api.uploadFile("/Batch", first, "a new file by that name", { mimeType: "text/plain" });
  await api.uploadFile("/Batch", fifth, "another new file", { mimeType: "text/plain" });
  await bar(page).getByRole("button", { name: "Restore", exact: true }).click();
  const ask = page.getByRole("dialog", { name: "2 names already exist where the items go back" });
  const taken = ask.getByRole("list", { name: "Names already taken" }).getByRole("listitem");
  await expect(taken).toHaveCount(2);
  for (const name of [first, fifth]) await expect(taken.filter({ hasText: `${name} in Batch` })).toHaveCount(1);
  await expect(ask.getByText("The other 2 items are restored either way.")).toBeVisible();
  await ask.getByRole("button", { name: "Keep both" }).click();
  await expect(page.getByText("Restored 4 items")).toBeVisible();
  await expect(trashList(page).getByRole("listitem")).toHaveCount(2);
  await expect(bar(page).getByText("Select all")).toBeVisible();
  const numbered = (name: string) => name.replace(".txt", " (1).txt");
  expect(await names(api, "/Batch")).toEqual([first, numbered(first), second, third, fifth, numbered(fifth)].sort());

  // The two left: selected by clicking each, deleted forever after one confirmation naming the count.
  await box(page, fourth).click();
  await box(page, sixth).click();
  await expect(bar(page).getByText("2 selected")).toBeVisible();
  // Delete asks too; Escape closes the question and leaves the selection as it was.
  await page.keyboard.press("Delete");
  const confirm = page.getByRole("dialog", { name: "Delete 2 items forever?" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(bar(page).getByText("2 selected")).toBeVisible();
  await bar(page).getByRole("button", { name: "Delete forever", exact: true }).click();
  await expect(confirm).toHaveAccessibleDescription("This is permanent: it cannot be restored.");
  await confirm.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByText("Deleted 2 items forever")).toBeVisible();
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  expect(await trashCount(page.request)).toBe(0);
  expect(await names(api, "/Batch")).not.toContain(fourth);
  expect(await names(api, "/Batch")).not.toContain(sixth);
});

test("selecting all takes the loaded items only and the bar says more are below", async ({ authedPage: page, api }) => {
  // 101 folders: one more than a page of the trash (100).
  const folders = Array.from({ length: 101 }, (_, i) => `f${String(i).padStart(3, "0")}`);
  for (const name of folders) await api.mkdir(`/Many/${name}`);
  const ids = (await api.list("/Many", { limit: 1000 })).items.map((f) => f.id);
  expect(ids).toHaveLength(101);
  expect((await page.request.post("/api/files/delete", { data: { ids } })).status()).toBe(204);

  await page.goto("/trash");
  await expect(trashList(page).getByRole("listitem")).toHaveCount(100);
  await page.keyboard.press("ControlOrMeta+a");
  await expect(bar(page).getByText("100 selected")).toBeVisible();
  await expect(bar(page).getByText("1 more below not loaded")).toBeVisible();

  await page.getByRole("button", { name: "Show more" }).click();
  await expect(trashList(page).getByRole("listitem")).toHaveCount(101);
  await expect(bar(page).getByText("100 selected")).toBeVisible();
  await expect(bar(page).getByText("more below not loaded")).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+a");
  await expect(bar(page).getByText("101 selected")).toBeVisible();
  await bar(page).getByRole("button", { name: "Delete forever", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Delete 101 items forever?" })
    .getByRole("button", { name: "Delete forever" })
    .click();
  await expect(page.getByText("Deleted 101 items forever")).toBeVisible();
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  expect(await trashCount(page.request)).toBe(0);
});

test("on a phone 360 px wide the selection bar keeps its actions on screen", { tag: "@phone" }, async ({
  authedPage: page,
  api,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const name of ["one.txt", "two.txt", "three.txt"]) await api.uploadFile("/", name, name);
  const ids = (await api.list("/")).items.map((f) => f.id);
  expect((await page.request.post("/api/files/delete", { data: { ids } })).status()).toBe(204);

  await page.goto("/trash");
  await expect(trashList(page).getByRole("listitem")).toHaveCount(3);
  await bar(page).getByRole("checkbox", { name: "Select all loaded items" }).click();
  await expect(bar(page).getByText("3 selected")).toBeVisible();
  for (const name of ["Restore", "Delete forever", "Clear selection"]) {
    const button = bar(page).getByRole("button", { name, exact: true });
    await expect(button).toBeInViewport({ ratio: 1 });
    const size = await button.boundingBox();
    expect(size?.width).toBeGreaterThanOrEqual(44);
  }
  expect(await bar(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page, "the trash with a selection");

  await box(page, "two.txt").click();
  await expect(bar(page).getByText("2 selected")).toBeVisible();
  await bar(page).getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText("Restored 2 items")).toBeVisible();
  await expect(trashList(page).getByRole("listitem")).toHaveCount(1);
  expect(await names(api, "/")).toEqual(["one.txt", "three.txt"]);
  await expect(bar(page).getByText("Select all")).toBeVisible();
});
