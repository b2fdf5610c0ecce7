import { expect, test } from "../../fixtures.js";
import { createEmptyFile, daysAgo } from "./seed.js";

test.describe("list views", () => {
  test("an unknown view shows the error screen", async ({ authedPage: page }) => {
    await page.goto("/nonsense");
    await expect(page.getByRole("heading", { name: "Error" })).toBeVisible();
    await expect(page.getByText("invalid path")).toBeVisible();
  });

  test("recent lists files only, newest first, and its sort lives in the URL", async ({ authedPage: page, api }) => {
    await api.mkdir("/deep/er");
    await createEmptyFile(api.request, { name: "old.txt", updatedAt: daysAgo(20) });
    await createEmptyFile(api.request, { name: "newest.txt", path: "/deep/er", updatedAt: daysAgo(1) });
    await createEmptyFile(api.request, { name: "middle.txt", path: "/deep", updatedAt: daysAgo(5) });

    const request = page.waitForRequest((r) => new URL(r.url()).searchParams.get("operation") === "find");
    await page.goto("/recent");
    const params = new URL((await request).url()).searchParams;
    expect(params.get("type")).toBe("file");
    expect(params.get("sort")).toBe("updatedAt");
    expect(params.get("order")).toBe("desc");
    const names = page.getByRole("grid", { name: "Recent" }).locator("[data-index] span[title]");
    await expect(names).toHaveText(["newest.txt", "middle.txt", "old.txt"]);

    await page.getByRole("button", { name: "Sort" }).click();
    await page.getByRole("menuitemradio", { name: "Name" }).click();
    await expect(page).toHaveURL(/sort=name/);
    await page.getByRole("button", { name: "Sort" }).click();
    await page.getByRole("menuitemradio", { name: "Ascending" }).click();
    await expect(names).toHaveText(["middle.txt", "newest.txt", "old.txt"]);
  });

  test("shared lists the files the user shared", async ({ authedPage: page, api }) => {
    const shared = await createEmptyFile(api.request, { name: "public.txt" });
    await createEmptyFile(api.request, { name: "private.txt" });
    await api.share(shared.id);
    await page.goto("/shared");
    const list = page.getByRole("grid", { name: "Shared" });
    await expect(list.getByRole("row", { name: /^public\.txt/ })).toBeVisible();
    await expect(list).toHaveAttribute("aria-rowcount", "2");
  });

  test("browse by category; a folder by id opens in My Drive with breadcrumbs", async ({ authedPage: page, api }) => {
    const top = await api.createFolder("Top");
    await api.createFolder("Sub", "/Top");
    await createEmptyFile(api.request, { name: "a.png", path: "/Top", mimeType: "image/png" });
    await createEmptyFile(api.request, { name: "b.mp4", path: "/Top/Sub", mimeType: "video/mp4" });
    await createEmptyFile(api.request, { name: "c.jpg", mimeType: "image/jpeg" });

    await page.goto(`/browse?parentId=${top.id}`);
    await expect(page).toHaveURL(/\/my-drive\?path=%2FTop$/);
    await expect(page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link")).toHaveText([
      "My Drive",
      "Top",
    ]);
    const list = page.getByRole("grid", { name: "My Drive /Top" });
    await expect(list.locator("[data-index] span[title]")).toHaveText(["Sub", "a.png"]);
    await list.getByRole("row", { name: /^Sub, Folder/ }).dblclick();
    await expect(
      page.getByRole("grid", { name: "My Drive /Top/Sub" }).getByRole("row", { name: /^b\.mp4, Video file/ }),
    ).toBeVisible();
    await page.keyboard.press("Backspace");
    await expect(list.getByRole("row", { name: /^a\.png/ })).toBeVisible();

    await page.goto("/browse?category=image");
    const images = page.getByRole("grid", { name: "Image files" });
    await expect(images.locator("[data-index] span[title]")).toHaveText(["a.png", "c.jpg"]);
  });

  test("the header box searches after typing stops, trimmed and collapsed", async ({ authedPage: page, api }) => {
    await createEmptyFile(api.request, { name: "holiday photo.jpg", mimeType: "image/jpeg" });
    await createEmptyFile(api.request, { name: "tax return.pdf", mimeType: "application/pdf" });
    await page.goto("/my-drive?path=/");
    const box = page.getByRole("searchbox", { name: "Search files" });
    await box.fill("   ");
    await expect(page).toHaveURL(/\/my-drive/);
    await box.fill("  holiday    photo ");
    await expect(page).toHaveURL(/\/search\?query=holiday(\+|%20)photo$/);
    const results = page.getByRole("grid", { name: "Search results" });
    await expect(results.locator("[data-index] span[title]")).toHaveText(["holiday photo.jpg"]);
    await page.reload();
    await expect(box).toHaveValue("holiday photo");
    await expect(results.locator("[data-index] span[title]")).toHaveText(["holiday photo.jpg"]);
  });

  test("a refused request says why in words and offers no Retry that cannot help", async ({ authedPage: page }) => {
    await page.goto("/search?query=(&searchType=regex");
    const alert = page.getByRole("alert").filter({ hasText: "Could not load" });
    await expect(alert).toHaveText("Could not load the files: The search pattern is not a valid regular expression.");
    await expect(alert.getByRole("button", { name: "Retry" })).toHaveCount(0);
  });

  test("a page lost on the way shows the error and a Retry that works", async ({ authedPage: page, api }) => {
    await createEmptyFile(api.request, { name: "kept.txt" });
    // The connection drops for every list request until the test lets them through.
    await page.route("**/api/files?*", (route) => route.abort("connectionreset"));
    await page.goto("/recent");
    const alert = page.getByRole("alert").filter({ hasText: "Could not load" });
    // The client retries on its own first (about 15 s of back-off), then asks.
    await expect(alert).toHaveText(/Can't reach the server\. Check your connection\./, { timeout: 120_000 });
    await page.unroute("**/api/files?*");
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("grid", { name: "Recent" }).getByRole("row", { name: /^kept\.txt/ })).toBeVisible();
  });
});
