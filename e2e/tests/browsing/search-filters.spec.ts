import { expect, type Page, test } from "../../fixtures.js";
import { createEmptyFile, daysAgo } from "./seed.js";

/** The instant local midnight of the day `daysBack` before today is, in the page's time zone, as the client sends it. */
function localDayStart(page: Page, daysBack: number): Promise<string> {
  return page.evaluate((back) => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() - back).toISOString();
  }, daysBack);
}

function isoDay(daysBack: number): string {
  const d = new Date();
  d.setDate(d.getDate() - daysBack);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

test.describe("search filters", () => {
  test("every field goes into the URL, the request, and survives a reload", async ({ authedPage: page, api }) => {
    await api.mkdir("/pics/deeper");
    await createEmptyFile(api.request, { name: "cat.png", path: "/pics/deeper", mimeType: "image/png" });
    await createEmptyFile(api.request, { name: "cat.mp4", path: "/", mimeType: "video/mp4" });
    await createEmptyFile(api.request, { name: "cat-old.png", path: "/pics", updatedAt: daysAgo(60) });

    await page.goto("/recent");
    await page.getByRole("button", { name: "Search filters" }).click();
    const form = page.getByRole("form", { name: "Search filters" });
    await form.getByRole("button", { name: "image" }).click();
    await expect(form.getByRole("button", { name: "image" })).toHaveAttribute("aria-pressed", "true");
    const text = form.getByRole("textbox", { name: "Search" });
    await expect(text).toHaveAttribute("placeholder", "search query or regex");
    await text.fill("c.t");
    await form.getByRole("radio", { name: "Regex" }).check();
    await form.getByRole("radio", { name: "Custom" }).check();
    await form.getByRole("textbox", { name: "Custom Path" }).fill("/pics");
    await form.getByRole("combobox", { name: "Modified Date" }).selectOption({ label: "Last 30 days" });

    const request = page.waitForRequest((r) => new URL(r.url()).searchParams.get("operation") === "find");
    await form.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(
      /\/search\?query=c\.t&searchType=regex&category=image&location=custom&path=%2Fpics&deepSearch=true&modifiedDate=30$/,
    );
    const sent = new URL((await request).url()).searchParams;
    expect(Object.fromEntries(sent)).toMatchObject({
      operation: "find",
      query: "c.t",
      searchType: "regex",
      category: "image",
      path: "/pics",
      deepSearch: "true",
      updatedAt: `gte:${await localDayStart(page, 30)}`,
    });
    await expect(page.getByRole("grid", { name: "Search results" }).locator("[data-index] span[title]")).toHaveText([
      "cat.png",
    ]);

    await page.reload();
    await page.getByRole("button", { name: "Search filters" }).click();
    await expect(form.getByRole("button", { name: "image" })).toHaveAttribute("aria-pressed", "true");
    await expect(form.getByRole("textbox", { name: "Search" })).toHaveValue("c.t");
    await expect(form.getByRole("radio", { name: "Regex" })).toBeChecked();
    await expect(form.getByRole("textbox", { name: "Custom Path" })).toHaveValue("/pics");
    await expect(form.getByRole("combobox", { name: "Modified Date" })).toHaveValue("30");

    await form.getByRole("button", { name: "Clear search text" }).click();
    await expect(form.getByRole("textbox", { name: "Search" })).toHaveValue("");
    await form.getByRole("button", { name: "Reset" }).click();
    await expect(form.getByRole("button", { name: "image" })).toHaveAttribute("aria-pressed", "false");
    await expect(form.getByRole("radio", { name: "Text" })).toBeChecked();
    await expect(form.getByRole("radio", { name: "Everywhere" })).toBeChecked();
    await expect(form.getByRole("combobox", { name: "Modified Date" })).toHaveValue("");
  });

  test("a custom date range is capped at today and ordered", async ({ authedPage: page }) => {
    await page.goto("/my-drive?path=/");
    await page.getByRole("button", { name: "Search filters" }).click();
    const form = page.getByRole("form", { name: "Search filters" });
    await form.getByRole("combobox", { name: "Modified Date" }).selectOption({ label: "Custom" });
    const from = form.getByLabel("From Date");
    const to = form.getByLabel("To Date");
    await expect(from).toHaveAttribute("max", isoDay(0));
    await expect(to).toHaveAttribute("max", isoDay(0));
    await from.fill(isoDay(10));
    await expect(to).toHaveAttribute("min", isoDay(10));
    await to.fill(isoDay(20));
    await expect(form.getByRole("alert")).toHaveText("To Date cannot be before From Date");
    await expect(form.getByRole("button", { name: "Search", exact: true })).toBeDisabled();
    await to.fill(isoDay(2));
    await expect(form.getByRole("alert")).toHaveCount(0);

    const request = page.waitForRequest((r) => new URL(r.url()).searchParams.get("operation") === "find");
    await form.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`modifiedDate=-2&fromDate=${isoDay(10)}&toDate=${isoDay(2)}$`));
    // Whole days of the user's time zone: from the start of the first to the end of the last (the start of the next).
    expect(new URL((await request).url()).searchParams.get("updatedAt")).toBe(
      `gte:${await localDayStart(page, 10)},lt:${await localDayStart(page, 1)}`,
    );
  });

  test("everywhere by default; current folder (with its subfolders) is offered only on a my-drive route", async ({
    authedPage: page,
    api,
  }) => {
    await api.mkdir("/Docs");
    await page.goto("/my-drive?path=/Docs");
    await page.getByRole("button", { name: "Search filters" }).click();
    let form = page.getByRole("form", { name: "Search filters" });
    await form.getByRole("textbox", { name: "Search" }).fill("report");
    await form.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?query=report$/);

    await page.goto("/my-drive?path=/Docs");
    await page.getByRole("button", { name: "Search filters" }).click();
    form = page.getByRole("form", { name: "Search filters" });
    await form.getByRole("textbox", { name: "Search" }).fill("report");
    await form.getByRole("radio", { name: "Current folder" }).check();
    await form.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?query=report&path=%2FDocs&deepSearch=true$/);

    await page.goto("/recent");
    await page.getByRole("button", { name: "Search filters" }).click();
    form = page.getByRole("form", { name: "Search filters" });
    await expect(form.getByRole("radio", { name: "Current folder" })).toHaveCount(0);
    await form.getByRole("textbox", { name: "Search" }).fill("report");
    await form.getByRole("button", { name: "folder" }).click();
    await form.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?query=report&category=folder$/);
  });
});
