import { expect, test } from "../../fixtures.js";
import { createEmptyFile } from "./seed.js";

test.describe("my drive", () => {
  test("lists folders and files with size and date, opens folders, and shows breadcrumbs", async ({
    authedPage: page,
    api,
  }) => {
    await api.createFolder("Docs");
    await api.mkdir("/Docs/2024");
    await api.uploadFile("/", "notes.txt", "hello world", { mimeType: "text/plain" });
    await api.uploadFile("/Docs", "report.pdf", "x".repeat(2048), { mimeType: "application/pdf" });

    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    await expect(list).toHaveAttribute("aria-rowcount", "3");
    const notes = list.getByRole("row", { name: /^notes\.txt, Code file, 11 B, modified/ });
    await expect(notes).toBeVisible();
    await expect(notes.getByRole("gridcell").nth(1)).toHaveText("11 B");
    await expect(list.getByRole("row", { name: /^Docs, Folder/ })).toBeVisible();

    await list.getByRole("row", { name: /^Docs, Folder/ }).dblclick();
    await expect(page).toHaveURL(/path=%2FDocs$/);
    const docs = page.getByRole("grid", { name: "My Drive /Docs" });
    await expect(docs.getByRole("row", { name: /^report\.pdf, PDF file, 2 KB/ })).toBeVisible();
    await expect(docs.getByRole("row", { name: /^2024, Folder/ })).toBeVisible();

    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    await expect(crumbs.getByRole("link")).toHaveText(["My Drive", "Docs"]);
    await expect(crumbs.getByRole("link", { name: "Docs" })).toHaveAttribute("aria-current", "page");

    await docs.getByRole("row", { name: /^2024, Folder/ }).dblclick();
    await expect(crumbs.getByRole("link")).toHaveText(["My Drive", "Docs", "2024"]);
    await expect(page.getByRole("grid", { name: "My Drive /Docs/2024" }).getByText("No items.")).toBeVisible();

    await crumbs.getByRole("link", { name: "My Drive" }).click();
    await expect(page).toHaveURL(/path=%2F$/);
    await expect(page.getByRole("grid", { name: "My Drive" }).getByRole("row", { name: /^notes\.txt/ })).toBeVisible();
  });

  test("decodes path segments and folds long paths into a menu", async ({ authedPage: page, api }) => {
    await api.mkdir("/a b/c/d/e/f");
    await page.goto(`/my-drive?path=${encodeURIComponent("/a b/c/d/e/f")}`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    await expect(crumbs.getByRole("link")).toHaveText(["My Drive", "e", "f"]);
    await crumbs.getByRole("button", { name: "Show hidden folders" }).click();
    await expect(page.getByRole("menuitem")).toHaveText(["a b", "c", "d"]);
    await page.getByRole("menuitem", { name: "a b" }).click();
    await expect(page).toHaveURL(/path=%2Fa(\+|%20)b$/);
    await expect(crumbs.getByRole("link")).toHaveText(["My Drive", "a b"]);
  });

  test("an empty drive says so", async ({ authedPage: page }) => {
    await page.goto("/my-drive?path=/");
    await expect(page.getByRole("grid", { name: "My Drive" }).getByText("No items.")).toBeVisible();
  });

  test("list and grid: the choice is remembered", async ({ authedPage: page, api }) => {
    await createEmptyFile(api.request, { name: "one.txt" });
    await page.goto("/my-drive?path=/");
    await expect(page.getByRole("row", { name: /^one\.txt/ })).toBeVisible();
    await page.getByRole("button", { name: "Grid view" }).click();
    const card = page.getByRole("gridcell", { name: /^one\.txt, Code file/ });
    await expect(card).toBeVisible();
    await page.reload();
    await expect(card).toBeVisible();
    await page.getByRole("button", { name: "List view" }).click();
    await expect(page.getByRole("row", { name: /^one\.txt/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("row", { name: /^one\.txt/ })).toBeVisible();
  });

  test("sorting by name, date and size asks the server and is stored", async ({ authedPage: page, api }) => {
    await api.uploadFile("/", "b-big.txt", "x".repeat(300), { mimeType: "text/plain" });
    await api.uploadFile("/", "a-mid.txt", "x".repeat(200), { mimeType: "text/plain" });
    await api.uploadFile("/", "c-small.txt", "x".repeat(100), { mimeType: "text/plain" });
    await createEmptyFile(api.request, { name: "d-old.txt", updatedAt: "2020-01-01T00:00:00Z" });

    await page.goto("/my-drive?path=/");
    const names = page.getByRole("grid", { name: "My Drive" }).locator("[data-index] span[title]");
    await expect(names).toHaveText(["a-mid.txt", "b-big.txt", "c-small.txt", "d-old.txt"]);

    const sortRequest = page.waitForRequest((r) => r.url().includes("/api/files?") && r.url().includes("sort=size"));
    await page.getByRole("button", { name: "Sort" }).click();
    await page.getByRole("menuitemradio", { name: "Size" }).click();
    await sortRequest;
    await expect(names).toHaveText([/d-old/, /c-small/, /a-mid/, /b-big/]);

    await page.getByRole("button", { name: "Sort" }).click();
    await page.getByRole("menuitemradio", { name: "Descending" }).click();
    await expect(names).toHaveText([/b-big/, /a-mid/, /c-small/, /d-old/]);

    await page.reload();
    await expect(names).toHaveText([/b-big/, /a-mid/, /c-small/, /d-old/]);

    // A date or size header sorts newest/biggest first; a second click reverses.
    const modified = page.getByRole("columnheader", { name: "Modified" });
    await modified.getByRole("button").click();
    await expect(modified).toHaveAttribute("aria-sort", "descending");
    await expect(names.last()).toHaveText("d-old.txt");
    await modified.getByRole("button").click();
    await expect(modified).toHaveAttribute("aria-sort", "ascending");
    await expect(names.first()).toHaveText("d-old.txt");
  });
});
