// The PDF preview: find in the document, go to a page, select the text (pdf.js's viewer, text layer and find controller).
import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures.js";
import { openDrive, row } from "./helpers.js";
import { pdf } from "./samples.js";

const modal = (page: Page) => page.getByRole("dialog");
const pageBox = (page: Page, n: number) => modal(page).locator(`.page[data-page-number="${n}"]`);

async function openGuide(page: Page) {
  await openDrive(page);
  await row(page, "guide.pdf").dblclick();
  await expect(modal(page).getByRole("heading", { name: "guide.pdf" })).toBeVisible();
  await expect(modal(page).getByTestId("pdf-page-count")).toHaveText("/ 5");
  await expect(pageBox(page, 1).locator(".textLayer")).toContainText("Alpha apple");
}

test.beforeEach(async ({ api }) => {
  const pages = ["Alpha apple", "Beta banana", "Gamma apple", "Delta date", "Epsilon apple"];
  await api.uploadFile("/", "guide.pdf", pdf(pages), { mimeType: "application/pdf" });
});

test("Ctrl+F finds in the document: matches counted and highlighted, next and previous", async ({
  authedPage: page,
}) => {
  await openGuide(page);
  await page.keyboard.press("Control+f");
  const find = modal(page).getByRole("searchbox", { name: "Find in document" });
  await expect(find).toBeFocused();
  await find.fill("apple");
  const status = modal(page).getByRole("search").getByRole("status");
  await expect(status).toHaveText("1 of 3");
  await expect(pageBox(page, 1).locator(".textLayer .highlight.selected")).toHaveText("apple");
  await find.press("Enter");
  await expect(status).toHaveText("2 of 3");
  await expect(pageBox(page, 3).locator(".textLayer .highlight.selected")).toHaveText("apple");
  await modal(page).getByRole("button", { name: "Next match" }).click();
  await expect(status).toHaveText("3 of 3");
  await find.press("Shift+Enter");
  await expect(status).toHaveText("2 of 3");
  await find.fill("durian");
  await expect(status).toHaveText("No matches");
  await modal(page).getByRole("button", { name: "Close find" }).click();
  await expect(find).toBeHidden();
  await expect(modal(page).locator(".textLayer .highlight")).toHaveCount(0);
});

test("the page box says where one is and goes to a typed page", async ({ authedPage: page }) => {
  await openGuide(page);
  const number = modal(page).getByRole("textbox", { name: "Page number" });
  await expect(number).toHaveValue("1");
  await number.fill("5");
  await number.press("Enter");
  await expect(number).toHaveValue("5");
  await expect(pageBox(page, 5)).toBeInViewport();
  await expect(pageBox(page, 1)).not.toBeInViewport();
  // Not a page of the document: the box goes back to the page shown.
  await number.fill("9");
  await number.press("Enter");
  await expect(number).toHaveValue("5");
  await number.fill("1");
  await number.press("Enter");
  await expect(pageBox(page, 1)).toBeInViewport();
  await expect(number).toHaveValue("1");
});

test("the text of a page can be selected with the mouse and copied", async ({ authedPage: page }) => {
  await openGuide(page);
  const text = pageBox(page, 2).locator(".textLayer").getByText("Beta banana");
  await text.scrollIntoViewIfNeeded();
  const box = await text.boundingBox();
  if (!box) throw new Error("the text layer has no box for the text");
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe("Beta banana");
});
