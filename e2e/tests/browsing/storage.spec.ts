import { expect, test } from "../../fixtures.js";

test.describe("storage page", () => {
  test("shows uploads and categories with counts and sizes, linking to browse", async ({ authedPage: page, api }) => {
    await api.uploadFile("/", "one.png", "x".repeat(1024), { mimeType: "image/png" });
    await api.uploadFile("/", "two.jpg", "x".repeat(2048), { mimeType: "image/jpeg" });
    await api.uploadFile("/", "clip.mp4", "x".repeat(5000), { mimeType: "video/mp4" });
    await api.uploadFile("/", "doc.pdf", "x".repeat(100), { mimeType: "application/pdf" });

    const stats = page.waitForRequest((r) => r.url().includes("/api/uploads/stats?days=60"));
    await page.goto("/storage");
    await stats;
    await expect(page.getByRole("heading", { name: "Uploads, last 60 days" })).toBeVisible();
    await expect(page.getByText("8 KB uploaded")).toBeVisible();
    await expect(page.getByTestId("uploads-chart").locator(".recharts-bar-rectangle").first()).toBeAttached();

    const table = page.getByRole("table", { name: "Files and space per category" });
    await expect(table.getByRole("row")).toHaveText([
      /Category\s*Files\s*Size/,
      /Video\s*1\s*4\.9 KB/,
      /Image\s*2\s*3 KB/,
      /Document\s*1\s*100 B/,
      /Total\s*4\s*8 KB/,
    ]);
    await table.getByRole("link", { name: "Image" }).click();
    await expect(page).toHaveURL(/\/browse\?category=image$/);
    await expect(page.getByRole("grid", { name: "Image files" }).locator("[data-index] span[title]")).toHaveText([
      "one.png",
      "two.jpg",
    ]);
  });

  test("an empty drive has no categories", async ({ authedPage: page }) => {
    await page.goto("/storage");
    await expect(page.getByText("0 B uploaded")).toBeVisible();
    await expect(page.getByRole("region", { name: "Categories" }).getByText("No items.")).toBeVisible();
  });
});
