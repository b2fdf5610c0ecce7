// Issue 11, "Drawing and waiting": the page draws at once, says when the connection is lost, names its tab, and
// explains folders that do not exist or hold nothing yet.
import type { Route } from "@playwright/test";
import { expect, type Page, test } from "../../fixtures.js";
import { createEmptyFile } from "../browsing/seed.js";
import { bytesOf, uploadsPanel } from "../files/helpers.js";

/** Holds every request matching `url` until `release()`; the real server still answers each one afterwards. */
async function holdRequests(page: Page, url: string | RegExp) {
  const held: Route[] = [];
  let released = false;
  let arrived: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await page.route(url, async (route) => {
    if (released) return route.continue();
    held.push(route);
    arrived();
  });
  return {
    first,
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

test.describe("drawing and waiting", { tag: "@phone" }, () => {
  test("a slow first page: the shell draws at once, skeleton rows stand in, then the files", async ({
    authedPage: page,
    api,
  }) => {
    await createEmptyFile(api.request, { name: "report.pdf", mimeType: "application/pdf" });
    const slow = await holdRequests(page, /\/api\/files\?/);
    await page.goto("/my-drive?path=/");
    await slow.first;
    // The first page of the list is still on its way: everything around it is already there.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search files" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).locator("visible=true")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("My Drive");
    await expect(page.getByRole("status", { name: "Loading files" })).toBeVisible();
    await slow.release();
    await expect(page.getByRole("grid", { name: "My Drive" }).getByRole("row", { name: /^report\.pdf/ })).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading files" })).toHaveCount(0);
  });

  test("offline: says so, keeps what is shown, and carries on when the connection is back", async ({
    authedPage: page,
    api,
    context,
  }) => {
    await api.mkdir("/Docs");
    await createEmptyFile(api.request, { name: "inside.txt", path: "/Docs" });
    await createEmptyFile(api.request, { name: "top.txt" });
    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    await expect(list.getByRole("row", { name: /^top\.txt/ })).toBeVisible();

    await context.setOffline(true);
    const notice = page.getByRole("status").filter({ hasText: "You're offline" });
    await expect(notice).toBeVisible();
    await expect(list.getByRole("row", { name: /^top\.txt/ })).toBeVisible();

    await list.getByRole("row", { name: /^Docs, Folder/ }).dblclick();
    await expect(page).toHaveURL(/path=%2FDocs$/);
    await expect(notice).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);

    await context.setOffline(false);
    await expect(notice).toHaveCount(0);
    await expect(
      page.getByRole("grid", { name: "My Drive /Docs" }).getByRole("row", { name: /^inside\.txt/ }),
    ).toBeVisible();
  });

  test("the tab is named after the folder or view", async ({ authedPage: page, api }) => {
    await api.mkdir("/Photos");
    await page.goto("/my-drive?path=/");
    await expect(page).toHaveTitle("My Drive – Drive");
    await page.goto("/my-drive?path=/Photos");
    await expect(page).toHaveTitle("Photos – Drive");
    await page.goto("/recent");
    await expect(page).toHaveTitle("Recent – Drive");
    await page.goto("/search?query=beach");
    await expect(page).toHaveTitle("Search: beach – Drive");
    await page.goto("/storage");
    await expect(page).toHaveTitle("Storage – Drive");
    await page.goto("/settings/general");
    await expect(page).toHaveTitle("Settings – Drive");
  });

  test("a path that does not exist says so, with a way back", async ({ authedPage: page, api }) => {
    await api.mkdir("/Real");
    await page.goto("/my-drive?path=/Real/Nope");
    const alert = page.getByRole("alert");
    await expect(alert.getByRole("heading", { name: "This folder doesn't exist" })).toBeVisible();
    await expect(alert).toContainText("There is no folder /Real/Nope in My Drive.");
    await alert.getByRole("link", { name: "Go to Real" }).click();
    await expect(page).toHaveURL(/path=%2FReal$/);
    await expect(page.getByRole("grid", { name: "My Drive /Real" }).getByText("No items.")).toBeVisible();
  });

  test("an empty drive says so and offers what to do next", async ({ authedPage: page }) => {
    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    await expect(list.getByText("No items.")).toBeVisible();
    await expect(list.getByText("Drop files here to upload them, or:")).toBeVisible();
    await expect(list.getByRole("button", { name: "Upload files" })).toBeVisible();
    await expect(list.getByRole("button", { name: "Upload a folder" })).toBeVisible();
    await list.getByRole("button", { name: "New folder" }).click();
    await expect(page.getByRole("dialog", { name: "New folder" })).toBeVisible();
  });
});

test("upload progress shows in the tab title while files upload", async ({ authedPage: page, api }) => {
  await api.mkdir("/Photos");
  await page.goto("/my-drive?path=/Photos");
  await expect(page).toHaveTitle("Photos – Drive");
  const parts = await holdRequests(page, /\/api\/uploads\/[^?/]+\?/);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "Upload file" }).click();
  await (await chooser).setFiles([
    { name: "big.bin", mimeType: "application/octet-stream", buffer: bytesOf(64 * 1024) },
  ]);
  await parts.first;
  await expect(page).toHaveTitle(/^\d+% · Uploading 1 file – Photos – Drive$/);
  await parts.release();
  await expect(uploadsPanel(page).getByRole("heading", { name: "Uploads complete" })).toBeVisible({ timeout: 120_000 });
  await expect(page).toHaveTitle("Photos – Drive");
});

test.describe("delivery", () => {
  test("the client and larger API answers arrive compressed, as the browser accepts them", async ({
    page,
    user: _signedIn,
    api,
  }) => {
    for (let i = 0; i < 30; i++) await createEmptyFile(api.request, { name: `file-with-a-long-name-${i}.txt` });
    const scripts: Promise<{ url: string; size: number; encoding?: string; vary?: string }>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script" || response.status() !== 200) return;
      scripts.push(
        (async () => {
          const headers = await response.allHeaders();
          const size = (await response.body()).length;
          return { url: response.url(), size, encoding: headers["content-encoding"], vary: headers.vary };
        })(),
      );
    });
    const list = page.waitForResponse((r) => /\/api\/files\?/.test(r.url()));
    await page.goto("/my-drive?path=/");
    await expect(page.getByRole("grid", { name: "My Drive" }).getByRole("row").nth(5)).toBeVisible();
    // Scripts under 1 KB gain nothing from compression and go out as they are.
    const large = (await Promise.all(scripts)).filter((s) => s.size >= 1024);
    expect(large.length).toBeGreaterThan(2);
    for (const script of large) {
      expect(script.encoding, script.url).toBe("br");
      expect(script.vary, script.url).toMatch(/accept-encoding/i);
    }
    const headers = await (await list).allHeaders();
    expect(headers["content-encoding"]).toBe("br");
  });
});
