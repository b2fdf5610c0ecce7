import { expect, setSettings, test } from "../../fixtures.js";
import { createManyFiles } from "./seed.js";

/** Page numbers of `GET /api/files` list requests made by the page. */
function recordPages(page: import("@playwright/test").Page): number[] {
  const pages: number[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/files") pages.push(Number(url.searchParams.get("page")));
  });
  return pages;
}

test.describe("paging", () => {
  test("the first page sizes the list; End loads only the last page; pages use the page size as limit", async ({
    authedPage: page,
    api,
  }) => {
    await setSettings(page, { pageSize: "5" });
    await api.mkdir("/many");
    await createManyFiles(api.request, 60, { path: "/many" });
    const requested = recordPages(page);
    const limits = new Set<string>();
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/files") limits.add(url.searchParams.get("limit") ?? "");
    });

    await page.goto("/my-drive?path=/many");
    const list = page.getByRole("grid", { name: "My Drive /many" });
    // 60 rows plus the header row: the scrollbar is true to the folder from the first page.
    await expect(list).toHaveAttribute("aria-rowcount", "61");
    await expect(list.getByRole("row", { name: /^file-001\.txt/ })).toBeVisible();
    await expect(list.getByRole("row", { name: /^file-010\.txt/ })).toBeVisible();
    expect([...limits]).toEqual(["5"]);

    await list.getByRole("row", { name: /^file-001\.txt/ }).click();
    await page.keyboard.press("End");
    const last = list.getByRole("row", { name: /^file-060\.txt/ });
    await expect(last).toBeVisible();
    await expect(last).toBeFocused();
    await expect(last).toHaveAttribute("aria-rowindex", "61");
    expect(requested).toContain(12);
    // Random access: the pages between the top and the end were never fetched.
    expect(requested).not.toContain(7);
    // Only rows in view are in the DOM.
    expect(await list.locator("[data-index]").count()).toBeLessThan(40);

    await page.keyboard.press("Home");
    await expect(list.getByRole("row", { name: /^file-001\.txt/ })).toBeFocused();
  });

  test("scrolling through the folder loads page after page", async ({ authedPage: page, api }) => {
    await setSettings(page, { pageSize: "5" });
    await api.mkdir("/scroll");
    await createManyFiles(api.request, 40, { path: "/scroll" });
    const requested = recordPages(page);
    await page.goto("/my-drive?path=/scroll");
    const list = page.getByRole("grid", { name: "My Drive /scroll" });
    await expect(list.getByRole("row", { name: /^file-001\.txt/ })).toBeVisible();
    for (const name of ["file-020.txt", "file-030.txt", "file-040.txt"]) {
      await list.hover();
      await page.mouse.wheel(0, 500);
      await expect(list.getByRole("row", { name: new RegExp(`^${name}`) })).toBeAttached();
    }
    await expect(list.getByRole("row", { name: /^file-040\.txt/ })).toBeVisible();
    expect(new Set(requested).size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...requested)).toBe(8);
  });

  test("scroll position is kept when returning to a folder", async ({ authedPage: page, api }) => {
    await setSettings(page, { pageSize: "10" });
    await api.mkdir("/back/inner");
    await createManyFiles(api.request, 50, { path: "/back" });
    await page.goto("/my-drive?path=/back");
    const list = page.getByRole("grid", { name: "My Drive /back" });
    await list.getByRole("row", { name: /^file-001\.txt/ }).click();
    await page.keyboard.press("End");
    const inner = list.getByRole("row", { name: /^inner, Folder/ });
    await expect(inner).toBeFocused();
    const offset = await list.evaluate((el) => el.scrollTop);
    expect(offset).toBeGreaterThan(0);

    await page.keyboard.press("Enter");
    await expect(page.getByRole("grid", { name: "My Drive /back/inner" }).getByText("No items.")).toBeVisible();
    await page.goBack();
    await expect(inner).toBeVisible();
    await expect(inner).toBeInViewport();
    await expect(list.getByRole("row", { name: /^file-001\.txt/ })).not.toBeInViewport();
    expect(await list.evaluate((el) => el.scrollTop)).toBe(offset);
  });
});
