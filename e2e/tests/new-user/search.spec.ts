// Issue 11, "Wrong results": a search finds what its form says, says what it searched, and Back returns to where it began.
import { expect, type Locator, type Page, test } from "../../fixtures.js";
import { asTeldrive18 } from "../../lib/teldrive.js";
import { createEmptyFile, daysAgo } from "../browsing/seed.js";

/** The names in a result or folder list, in order. */
const names = (list: Locator) => list.locator("[data-index] span[title]");

/** The page's local calendar day `back` days before today, as `<input type=date>` takes it. */
function localDay(page: Page, back = 0): Promise<string> {
  return page.evaluate((days) => {
    const d = new Date();
    d.setDate(d.getDate() - days);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  }, back);
}

async function openFilters(page: Page) {
  await page.getByRole("button", { name: "Search filters" }).click();
  return page.getByRole("form", { name: "Search filters" });
}

/** /Photos with a.jpg and sub/album-a.png, and beach-a.txt at the root: "a" matches each. */
async function seedPhotos(request: Parameters<typeof createEmptyFile>[0]) {
  await createEmptyFile(request, { name: "beach-a.txt" });
  await request.post("/api/files/mkdir", { data: { path: "/Photos/sub" } });
  await createEmptyFile(request, { name: "cat-a.jpg", path: "/Photos", mimeType: "image/jpeg" });
  await createEmptyFile(request, { name: "album-a.png", path: "/Photos/sub", mimeType: "image/png" });
}

async function searchCurrentFolder(page: Page, text: string, opts: { everywhere?: boolean } = {}) {
  const form = await openFilters(page);
  await form.getByRole("textbox", { name: "Search" }).fill(text);
  // One rule with the header box: everywhere unless a folder is chosen, and a folder with its subfolders.
  await expect(form.getByRole("radio", { name: "Everywhere" })).toBeChecked();
  await expect(form).toContainText("a folder is searched with its subfolders");
  if (!opts.everywhere) await form.getByRole("radio", { name: "Current folder" }).check();
  await form.getByRole("button", { name: "Search", exact: true }).click();
}

test.describe("search finds what the form says", () => {
  // West of UTC, where "today" read as midnight UTC cut off the whole of the last day.
  test.use({ timezoneId: "America/Los_Angeles" });

  test("a custom date range keeps its last day, whole, in the user's time zone", async ({ authedPage: page, api }) => {
    await createEmptyFile(api.request, { name: "changed-today.txt" });
    await createEmptyFile(api.request, { name: "changed-long-ago.txt", updatedAt: daysAgo(40) });
    await page.goto("/my-drive?path=/");
    const form = await openFilters(page);
    await form.getByRole("combobox", { name: "Modified Date" }).selectOption({ label: "Custom" });
    await form.getByLabel("From Date").fill(await localDay(page, 10));
    await form.getByLabel("To Date").fill(await localDay(page));
    await form.getByRole("button", { name: "Search", exact: true }).click();
    await expect(names(page.getByRole("grid", { name: "Search results" }))).toHaveText(["changed-today.txt"]);
  });

  test("against Teldrive (dates as UTC days) the last day is still kept", async ({ authedPage: page, api }) => {
    await asTeldrive18(page);
    await createEmptyFile(api.request, { name: "changed-today.txt" });
    await page.goto("/my-drive?path=/");
    const form = await openFilters(page);
    await form.getByRole("combobox", { name: "Modified Date" }).selectOption({ label: "Custom" });
    await form.getByLabel("To Date").fill(await localDay(page));
    const request = page.waitForRequest((r) => new URL(r.url()).searchParams.get("operation") === "find");
    await form.getByRole("button", { name: "Search", exact: true }).click();
    // Teldrive 1.8 drops entries that are not `op:YYYY-MM-DD`, so days are sent, widened to cover the local one.
    expect(new URL((await request).url()).searchParams.get("updatedAt")).toMatch(/^lt:\d{4}-\d{2}-\d{2}$/);
    await expect(names(page.getByRole("grid", { name: "Search results" }))).toHaveText(["changed-today.txt"]);
  });
});

test.describe("search location", () => {
  // Needs the server to honour `path` with search text (engineer "scale"'s list query); passes once that is merged.
  test("the popup searches everywhere as the header box does, or the current folder with its subfolders", async ({
    authedPage: page,
    api,
  }) => {
    await seedPhotos(api.request);
    await page.goto("/my-drive?path=/Photos");
    await searchCurrentFolder(page, "a", { everywhere: true });
    const results = page.getByRole("grid", { name: "Search results" });
    await expect(names(results)).toHaveText(["album-a.png", "beach-a.txt", "cat-a.jpg"]);

    await page.goto("/my-drive?path=/Photos");
    await searchCurrentFolder(page, "a");
    await expect(names(results)).toHaveText(["album-a.png", "cat-a.jpg"]);
  });

  test("Image at My Drive finds the pictures in every folder, with no box to tick", async ({
    authedPage: page,
    api,
  }) => {
    await seedPhotos(api.request);
    await page.goto("/my-drive?path=/");
    const form = await openFilters(page);
    await form.getByRole("button", { name: "image" }).click();
    await form.getByRole("button", { name: "Search", exact: true }).click();
    await expect(names(page.getByRole("grid", { name: "Search results" }))).toHaveText(["album-a.png", "cat-a.jpg"]);
  });

  test("against Teldrive, which searches the whole drive for text, results are still only the folder's subtree", async ({
    authedPage: page,
    api,
  }) => {
    await asTeldrive18(page);
    await seedPhotos(api.request);
    await page.goto("/my-drive?path=/Photos");
    await searchCurrentFolder(page, "a");
    const results = page.getByRole("grid", { name: "Search results" });
    await expect(names(results)).toHaveText(["album-a.png", "cat-a.jpg"]);
    await expect(page.getByRole("list", { name: "Search filters in use" })).toContainText(
      "In Photos and its subfolders",
    );
  });
});

test.describe("the results page says what it searched", { tag: "@phone" }, () => {
  test("chips for each filter, removable; where each result is; Show in folder", async ({ authedPage: page, api }) => {
    await asTeldrive18(page); // scoped by folder id, so this passes whatever the server does with `path`
    await seedPhotos(api.request);
    await page.goto("/my-drive?path=/Photos");
    await searchCurrentFolder(page, "a");
    const chips = page.getByRole("list", { name: "Search filters in use" });
    await expect(chips.getByRole("listitem")).toHaveText(["“a”", "In Photos and its subfolders"]);
    const results = page.getByRole("grid", { name: "Search results" });
    await expect(results.getByRole("row", { name: /^cat-a\.jpg, .*, in Photos$/ })).toContainText("in Photos");

    await chips.getByRole("button", { name: "Remove filter: In Photos and its subfolders" }).click();
    await expect(chips.getByRole("listitem")).toHaveText(["“a”", "Whole drive"]);
    await expect(names(results)).toHaveText(["album-a.png", "beach-a.txt", "cat-a.jpg"]);
    await expect(results.getByRole("row", { name: /^album-a\.png/ })).toContainText("in sub");
    await expect(results.getByRole("row", { name: /^beach-a\.txt/ })).toContainText("in My Drive");

    const album = results.getByRole("row", { name: /^album-a\.png/ });
    if (test.info().project.name === "phone") {
      await album.dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true, bubbles: true });
      await page.getByRole("dialog", { name: "album-a.png" }).getByRole("button", { name: "Show in folder" }).click();
    } else {
      await album.click({ button: "right" });
      await page.getByRole("menuitem", { name: "Show in folder" }).click();
    }
    await expect(page).toHaveURL(/\/my-drive\?path=%2FPhotos%2Fsub&select=/);
    const folder = page.getByRole("grid", { name: "My Drive /Photos/sub" });
    await expect(folder.getByRole("row", { name: /^album-a\.png/ })).toHaveAttribute("aria-selected", "true");
  });

  test("Back after a search returns to the folder it started from", async ({ authedPage: page, api }) => {
    await seedPhotos(api.request);
    await page.goto("/my-drive?path=/");
    await page
      .getByRole("grid", { name: "My Drive" })
      .getByRole("row", { name: /^Photos, Folder/ })
      .dblclick();
    await expect(page).toHaveURL(/path=%2FPhotos$/);
    await page.getByRole("searchbox", { name: "Search files" }).fill("cat");
    await expect(page).toHaveURL(/\/search\?query=cat$/);
    await page.getByRole("searchbox", { name: "Search files" }).fill("cat-a");
    await expect(page).toHaveURL(/\/search\?query=cat-a$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/my-drive\?path=%2FPhotos$/);
    await expect(
      page.getByRole("grid", { name: "My Drive /Photos" }).getByRole("row", { name: /^cat-a/ }),
    ).toBeVisible();
  });

  test("a folder opened from Shared lands in My Drive with breadcrumbs", async ({ authedPage: page, api }) => {
    await api.mkdir("/Work/Reports");
    const { items } = await api.list("/Work");
    const reports = items.find((f) => f.name === "Reports");
    if (!reports?.id) throw new Error("no Reports folder");
    await api.share(reports.id);
    await page.goto("/shared");
    await page
      .getByRole("grid", { name: "Shared" })
      .getByRole("row", { name: /^Reports, Folder/ })
      .dblclick();
    await expect(page).toHaveURL(/\/my-drive\?path=%2FWork%2FReports$/);
    await expect(
      page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "Reports" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle("Reports – Drive");
  });

  test("a regular expression is checked in the form, before it is sent", async ({ authedPage: page }) => {
    await page.goto("/my-drive?path=/");
    const form = await openFilters(page);
    await form.getByRole("textbox", { name: "Search" }).fill("[ab");
    await form.getByRole("radio", { name: "Regex" }).check();
    await expect(form.getByRole("alert")).toHaveText(/^Not a valid regular expression/);
    await expect(form.getByRole("textbox", { name: "Search" })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("button", { name: "Search", exact: true })).toBeDisabled();
    await form.getByRole("textbox", { name: "Search" }).fill("[ab]");
    await expect(form.getByRole("alert")).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Search", exact: true })).toBeEnabled();
  });
});

test.describe("name sort", () => {
  // Needs natural, case-insensitive sorting and folders first on the server (engineer "scale"); passes once merged.
  test("names sort as people read them, folders first for every sort key", async ({ authedPage: page, api }) => {
    await api.createFolder("zeta");
    await api.createFolder("Alpha");
    for (const name of ["file10.txt", "Main.java", "file2.txt", "Cargo.toml", "app.ts"])
      await api.uploadFile("/", name, name.repeat(name.length));
    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    await expect(names(list)).toHaveText([
      "Alpha",
      "zeta",
      "app.ts",
      "Cargo.toml",
      "file2.txt",
      "file10.txt",
      "Main.java",
    ]);

    for (const column of ["Size", "Modified"]) {
      await list.getByRole("button", { name: column }).click();
      await expect(names(list).nth(0)).toHaveText(/^(Alpha|zeta)$/);
      await expect(names(list).nth(1)).toHaveText(/^(Alpha|zeta)$/);
    }
  });
});
