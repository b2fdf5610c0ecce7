// Trash and Undo against the real server, and the fallback against a server answering as Teldrive 1.8 does.
import type { APIRequestContext, Browser, Page, ViewportSize } from "@playwright/test";
import { DriveApi, expect, test, uniquePhone } from "../../fixtures.js";
import { signInRequest } from "../../lib/auth.js";
import { type DriveServer, startDriveServer } from "../../lib/server.js";
import { bytesOf, downloadedBytes, openDrive, row, sha256 } from "./helpers.js";

interface PageShape {
  browser: Browser;
  viewport: ViewportSize | null;
  isMobile: boolean;
  hasTouch: boolean;
}

const selection = (page: Page) => page.getByRole("toolbar", { name: "Selection" });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const trashList = (page: Page) => page.getByRole("list", { name: "Items in the trash" });
const trashRow = (page: Page, name: string) => trashList(page).getByRole("listitem").filter({ hasText: name });

async function trashCount(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/trash");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { meta: { count: number } }).meta.count;
}

/** Deletes `name` (in the folder on screen) through the toolbar and its confirmation. */
async function deleteRow(page: Page, name: string, description: RegExp) {
  await row(page, name).click();
  await selection(page).getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: `Delete "${name}"?` });
  await expect(confirm).toHaveAccessibleDescription(description);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(row(page, name)).toHaveCount(0);
}

test("a deleted folder waits in the trash with its origin and comes back byte for byte", async ({
  authedPage: page,
  api,
}) => {
  const video = bytesOf(3 * 1024 * 1024 + 5, 7);
  const notes = bytesOf(70_000, 3);
  await api.mkdir("/Work/Trip/raw");
  await api.uploadFile("/Work/Trip/raw", "clip.mp4", video, {
    partSize: 1024 * 1024,
    encrypted: true,
    mimeType: "video/mp4",
  });
  await api.uploadFile("/Work/Trip", "notes.txt", notes, { mimeType: "text/plain" });
  await openDrive(page, "/Work");
  await deleteRow(page, "Trip", /Folders are deleted with everything inside them\. .*restore them for 30 days/);
  await expect(page.getByText('Deleted "Trip"')).toBeVisible();
  expect((await api.list("/", { operation: "find", query: "clip", deepSearch: true })).items).toEqual([]);

  await mainNav(page).getByRole("link", { name: "Trash" }).click();
  await expect(page.getByRole("heading", { name: "Trash", level: 1 })).toBeVisible();
  const item = trashRow(page, "Trip");
  await expect(item).toContainText("From Work · Deleted ");
  await expect(trashList(page).getByRole("listitem")).toHaveCount(1);
  await item.getByRole("button", { name: 'Restore "Trip"' }).click();
  await expect(page.getByText('Restored "Trip" to Work')).toBeVisible();
  await expect(page.getByText("The trash is empty.")).toBeVisible();

  await openDrive(page, "/Work/Trip/raw");
  await row(page, "clip.mp4").click({ button: "right" });
  const download = page.waitForEvent("download");
  await page.getByRole("menu").getByRole("menuitem", { name: "Download" }).click();
  expect(sha256(await downloadedBytes(await download))).toBe(sha256(video));
  const restoredNotes = (await api.list("/Work/Trip")).items.find((f) => f.name === "notes.txt");
  if (!restoredNotes) throw new Error("notes.txt did not come back");
  expect(sha256(await api.download(restoredNotes))).toBe(sha256(notes));
});

test("restoring onto a name that is taken asks, and Keep both numbers the restored item", async ({
  authedPage: page,
  api,
}) => {
  await api.uploadFile("/", "plan.txt", "the old plan", { mimeType: "text/plain" });
  await openDrive(page);
  await deleteRow(page, "plan.txt", /go to the trash/);
  await api.uploadFile("/", "plan.txt", "the new plan", { mimeType: "text/plain" });

  await page.goto("/trash");
  await trashRow(page, "plan.txt").getByRole("button", { name: 'Restore "plan.txt"' }).click();
  const ask = page.getByRole("dialog", { name: '"plan.txt" already exists in My Drive' });
  await expect(ask.getByRole("button", { name: "Skip" })).toBeFocused();
  await ask.getByRole("button", { name: "Keep both" }).click();
  await expect(page.getByText('Restored "plan (1).txt" to My Drive')).toBeVisible();
  const files = (await api.list("/")).items;
  expect(files.map((f) => f.name)).toEqual(["plan (1).txt", "plan.txt"]);
  const old = files.find((f) => f.name === "plan (1).txt");
  if (!old) throw new Error("plan (1).txt is missing");
  expect((await api.download(old)).toString()).toBe("the old plan");
});

test("Undo on the delete toast puts the items back", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "keep.txt", "keep me", { mimeType: "text/plain" });
  await api.uploadFile("/", "oops.txt", "deleted by mistake", { mimeType: "text/plain" });
  await openDrive(page);
  await deleteRow(page, "oops.txt", /go to the trash/);
  const toast = page.getByRole("status").filter({ hasText: 'Deleted "oops.txt"' });
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText('Restored "oops.txt" to My Drive')).toBeVisible();
  await expect(row(page, "oops.txt")).toBeVisible();
  expect(await trashCount(page.request)).toBe(0);
  const back = (await api.list("/")).items.find((f) => f.name === "oops.txt");
  if (!back) throw new Error("oops.txt did not come back");
  expect((await api.download(back)).toString()).toBe("deleted by mistake");
});

test("Undo on the move toast moves the items back where they were", async ({ authedPage: page, api }) => {
  await api.mkdir("/Inbox");
  await api.mkdir("/Archive");
  await api.uploadFile("/Inbox", "a.txt", "a", { mimeType: "text/plain" });
  await api.uploadFile("/Inbox", "b.txt", "b", { mimeType: "text/plain" });
  await openDrive(page, "/Inbox");
  await row(page, "a.txt").click();
  await row(page, "b.txt").click({ modifiers: ["ControlOrMeta"] });
  await selection(page).getByRole("button", { name: "Move", exact: true }).click();
  const move = page.getByRole("dialog", { name: "Move 2 items" });
  await move.getByRole("button", { name: "My Drive" }).click();
  await move.getByRole("button", { name: "Archive" }).click();
  await move.getByRole("button", { name: "Move here" }).click();
  await expect(row(page, "a.txt")).toHaveCount(0);
  const toast = page.getByRole("status").filter({ hasText: "Moved 2 items to Archive" });
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Moved 2 items back")).toBeVisible();
  await expect(row(page, "a.txt")).toBeVisible();
  await expect(row(page, "b.txt")).toBeVisible();
  expect((await api.list("/Archive")).items).toEqual([]);
  expect((await api.list("/Inbox")).items.map((f) => f.name)).toEqual(["a.txt", "b.txt"]);
});

test("Delete forever and Empty trash say it is permanent and leave nothing", async ({ authedPage: page, api }) => {
  for (const name of ["one.txt", "two.txt", "three.txt"]) await api.uploadFile("/", name, name);
  const ids = (await api.list("/")).items.map((f) => f.id);
  expect((await page.request.post("/api/files/delete", { data: { ids } })).status()).toBe(204);

  await page.goto("/trash");
  await trashRow(page, "two.txt").getByRole("button", { name: 'Delete "two.txt" forever' }).click();
  const one = page.getByRole("dialog", { name: 'Delete "two.txt" forever?' });
  await expect(one).toHaveAccessibleDescription("This is permanent: it cannot be restored.");
  await one.getByRole("button", { name: "Delete forever" }).click();
  await expect(trashRow(page, "two.txt")).toHaveCount(0);
  await expect(trashList(page).getByRole("listitem")).toHaveCount(2);

  await page.getByRole("button", { name: "Empty trash" }).click();
  const all = page.getByRole("dialog", { name: "Delete all 2 items in the trash forever?" });
  await all.getByRole("button", { name: "Empty trash" }).click();
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Empty trash" })).toBeDisabled();
  expect(await trashCount(page.request)).toBe(0);
  expect((await api.list("/")).items).toEqual([]);
});

test("the side navigation and the phone bar lead to the trash", { tag: "@phone" }, async ({ authedPage: page }) => {
  await mainNav(page).getByRole("link", { name: "Trash" }).click();
  await expect(page).toHaveURL(/\/trash$/);
  await expect(mainNav(page).getByRole("link", { name: "Trash" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("The trash is empty.")).toBeVisible();
});

test.describe("against a server answering as Teldrive 1.8 (no trash)", () => {
  let teldrive: DriveServer;
  test.beforeEach(async () => {
    teldrive = await startDriveServer({ env: { COMPAT: "teldrive-1.8" } });
  });
  test.afterEach(async () => {
    await teldrive.stop();
  });

  /** A signed-in page of a new user on the Teldrive 1.8 server, shaped like this test's own. */
  async function teldrivePage({ browser, viewport, isMobile, hasTouch }: PageShape) {
    const context = await browser.newContext({ baseURL: teldrive.baseURL, viewport, isMobile, hasTouch });
    await signInRequest(teldrive, context.request, uniquePhone());
    return { page: await context.newPage(), api: new DriveApi(context.request), context };
  }

  test("delete is permanent, the confirmation says so, and the toast offers no Undo", async ({
    browser,
    viewport,
    isMobile,
    hasTouch,
  }) => {
    const { page, api, context } = await teldrivePage({ browser, viewport, isMobile, hasTouch });
    await api.uploadFile("/", "final.txt", "gone for good", { mimeType: "text/plain" });
    await api.uploadFile("/", "other.txt", "stays", { mimeType: "text/plain" });
    await openDrive(page);
    await deleteRow(page, "final.txt", /^This is permanent: deleted items cannot be restored\.$/);
    const toast = page.getByRole("status").filter({ hasText: 'Deleted "final.txt"' });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole("button", { name: "Undo" })).toHaveCount(0);
    expect((await api.list("/")).items.map((f) => f.name)).toEqual(["other.txt"]);
    expect((await context.request.get("/api/trash")).status()).toBe(404);
    await context.close();
  });

  test("neither the side navigation nor the phone bar has a Trash", { tag: "@phone" }, async ({
    browser,
    viewport,
    isMobile,
    hasTouch,
  }) => {
    const { page, context } = await teldrivePage({ browser, viewport, isMobile, hasTouch });
    await openDrive(page);
    await expect(mainNav(page).getByRole("link", { name: "Storage" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Trash" })).toHaveCount(0);
    await page.goto("/trash");
    await expect(page.getByText("This server has no trash: deleting is permanent.")).toBeVisible();
    await context.close();
  });
});
