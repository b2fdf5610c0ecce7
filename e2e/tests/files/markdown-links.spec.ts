// Markdown in the drive: relative links open other files of the drive in the preview, relative pictures show from the
// drive, outside links open in a new tab, and nothing unsafe is followed.
import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures.js";
import { openDrive, row } from "./helpers.js";
import { png } from "./samples.js";

const modal = (page: Page) => page.getByRole("dialog");
const preview = (page: Page) => modal(page).getByTestId("markdown-preview");

const README = [
  "# Readme",
  "",
  "See [the other notes](other.md), [the guide](Guides/guide.md#setup), [the top](../top.md) and [nothing](nothere.md).",
  "",
  "![Diagram](img/diagram.png)",
  "",
  "![Outside](https://example.com/tracker.png)",
  "",
  "Read [the site](https://example.com/page) or [run this](javascript:window.__mdLinkRan=true).",
].join("\n");

test.beforeEach(async ({ api }) => {
  await api.mkdir("/Docs/img");
  await api.mkdir("/Docs/Guides");
  await api.uploadFile("/Docs", "readme.md", README, { mimeType: "text/markdown" });
  await api.uploadFile("/Docs", "other.md", "# Other notes\n", { mimeType: "text/markdown" });
  await api.uploadFile("/Docs/Guides", "guide.md", "# The guide\n", { mimeType: "text/markdown" });
  await api.uploadFile("/", "top.md", "# Top file\n", { mimeType: "text/markdown" });
  await api.uploadFile("/Docs/img", "diagram.png", png(16, [220, 40, 40]), { mimeType: "image/png" });
});

async function openReadme(page: Page) {
  await openDrive(page, "/Docs");
  await row(page, "readme.md").dblclick();
  await expect(preview(page).getByRole("heading", { name: "Readme" })).toBeVisible();
}

test("a relative picture shows from the drive; an outside one stays its alt text", async ({ authedPage: page }) => {
  await openReadme(page);
  const diagram = preview(page).getByRole("img", { name: "Diagram" });
  await expect(diagram).toBeVisible();
  await expect.poll(() => diagram.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  expect(new URL((await diagram.getAttribute("src")) ?? "", page.url()).origin).toBe(new URL(page.url()).origin);
  await expect(preview(page)).toContainText("[image: Outside]");
  await expect(preview(page).locator("img")).toHaveCount(1);
});

test("relative links open their files in the preview; outside links a new tab; scripts never", async ({
  authedPage: page,
}) => {
  await openReadme(page);
  const site = preview(page).getByRole("link", { name: "the site" });
  await expect(site).toHaveAttribute("href", "https://example.com/page");
  await expect(site).toHaveAttribute("target", "_blank");
  await expect(site).toHaveAttribute("rel", /noopener/);
  // The script link is text, not a link.
  await expect(preview(page).getByRole("link", { name: "run this" })).toHaveCount(0);
  await expect(preview(page).getByText("run this")).toBeVisible();

  // A link to a file that is not there says so.
  await preview(page).getByRole("link", { name: "nothing" }).click();
  await expect(
    modal(page).getByRole("status").filter({ hasText: "There is no file at /Docs/nothere.md" }),
  ).toBeVisible();

  await preview(page).getByRole("link", { name: "the guide" }).click();
  await expect(modal(page).getByRole("heading", { name: "guide.md" })).toBeVisible();
  await expect(preview(page).getByRole("heading", { name: "The guide" })).toBeVisible();

  // Back in the folder's files with the arrows, then up a folder.
  await page.keyboard.press("ArrowLeft");
  await expect(modal(page).getByRole("heading", { name: /\.md$/ })).toBeVisible();
  await modal(page).getByRole("button", { name: "Close preview" }).click();
  await openReadme(page);
  await preview(page).getByRole("link", { name: "the top" }).click();
  await expect(preview(page).getByRole("heading", { name: "Top file" })).toBeVisible();
  await modal(page).getByRole("button", { name: "Close preview" }).click();

  await openReadme(page);
  await preview(page).getByRole("link", { name: "the other notes" }).click();
  await expect(modal(page).getByRole("heading", { name: "other.md" })).toBeVisible();
  await expect(preview(page).getByRole("heading", { name: "Other notes" })).toBeVisible();
  expect(await page.evaluate(() => (window as { __mdLinkRan?: boolean }).__mdLinkRan)).toBeUndefined();
});
