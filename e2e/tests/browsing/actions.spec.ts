import { expect, setSettings, test } from "../../fixtures.js";
import { createEmptyFile } from "./seed.js";

test.describe("list actions", () => {
  test("dragging a row onto a folder moves it there", async ({ authedPage: page, api }) => {
    await api.createFolder("Target");
    await createEmptyFile(api.request, { name: "moving.txt" });
    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    await list.getByRole("row", { name: /^moving\.txt/ }).dragTo(list.getByRole("row", { name: /^Target, Folder/ }));
    await expect(list.getByRole("row", { name: /^moving\.txt/ })).toHaveCount(0);
    await expect.poll(async () => (await api.list("/Target")).items.map((f) => f.name)).toEqual(["moving.txt"]);
  });

  test("dragging a row onto a breadcrumb moves it up", async ({ authedPage: page, api }) => {
    await api.mkdir("/Outer/Inner");
    await createEmptyFile(api.request, { name: "up.txt", path: "/Outer/Inner" });
    await page.goto("/my-drive?path=/Outer/Inner");
    const list = page.getByRole("grid", { name: "My Drive /Outer/Inner" });
    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    await list.getByRole("row", { name: /^up\.txt/ }).dragTo(crumbs.getByRole("link", { name: "Outer" }));
    await expect(list.getByText("No items.")).toBeVisible();
    await expect
      .poll(async () => (await api.list("/Outer")).items.map((f) => f.name).sort())
      .toEqual(["Inner", "up.txt"]);
  });

  test("cut and paste moves the selection into the folder shown", async ({ authedPage: page, api }) => {
    await api.mkdir("/From");
    await api.mkdir("/To");
    await createEmptyFile(api.request, { name: "one.txt", path: "/From" });
    await createEmptyFile(api.request, { name: "two.txt", path: "/From" });
    await page.goto("/my-drive?path=/From");
    const from = page.getByRole("grid", { name: "My Drive /From" });
    await from.getByRole("row", { name: /^one\.txt/ }).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("ControlOrMeta+x");
    await expect(from.getByRole("row", { name: /^one\.txt/ })).toHaveClass(/opacity-50/);

    // Within the app (a reload would forget the cut).
    await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "My Drive" }).click();
    await page
      .getByRole("grid", { name: "My Drive" })
      .getByRole("row", { name: /^To, Folder/ })
      .dblclick();
    const to = page.getByRole("grid", { name: "My Drive /To" });
    await expect(to.getByText("No items.")).toBeVisible();
    await to.focus();
    await page.keyboard.press("ControlOrMeta+v");
    await expect(to.locator("[data-index] span[title]")).toHaveText(["one.txt", "two.txt"]);
  });

  test("encrypted files carry a badge and thumbnails come from the resizer host", async ({ authedPage: page, api }) => {
    await setSettings(page, { resizerHost: "http://127.0.0.1:9/resize" });
    await api.uploadFile("/", "secret.txt", "classified", { encrypted: true, mimeType: "text/plain" });
    await createEmptyFile(api.request, { name: "pic.png", mimeType: "image/png" });
    const thumb = page.waitForRequest((r) => r.url().startsWith("http://127.0.0.1:9/resize?"));
    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    await expect(list.getByRole("row", { name: /^secret\.txt, .*encrypted$/ })).toBeVisible();
    await expect(list.getByRole("row", { name: /^secret\.txt/ }).getByTitle("Encrypted")).toBeVisible();
    const url = new URL((await thumb).url());
    expect(url.searchParams.get("width")).toBe("360");
    expect(url.searchParams.get("url")).toMatch(/\/api\/files\/[^/]+\/pic\.png\?hash=/);
  });

  test("the toolbar creates folders in the folder shown", async ({ authedPage: page }) => {
    await page.goto("/my-drive?path=/");
    await page.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "New folder" }).click();
    const dialog = page.getByRole("dialog", { name: "New folder" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox").fill("Fresh");
    await dialog.getByRole("textbox").press("Enter");
    await expect(
      page.getByRole("grid", { name: "My Drive" }).getByRole("row", { name: /^Fresh, Folder/ }),
    ).toBeVisible();
  });
});
