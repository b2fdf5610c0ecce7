// Issue 11, "Previews and messages": GitHub-flavoured Markdown with real typography, dialogs that do not surprise,
// and no success reported for a move that moves nothing.
import { expect, type Page, test } from "../../fixtures.js";
import { createEmptyFile } from "../browsing/seed.js";
import { openDrive, row } from "../files/helpers.js";

const README = [
  "# Project",
  "",
  "Body text with `inline code`.",
  "",
  "- first bullet",
  "- second bullet",
  "",
  "| Name | Size |",
  "| ---- | ---: |",
  "| a.txt | 1 KB |",
  "| b.txt | 2 KB |",
  "",
  "- [x] written",
  "- [ ] reviewed",
  "",
  "```ts",
  "const answer: number = 42;",
  "```",
  "",
  '<img src="x" onerror="window.__mdRan = true">',
  "<script>window.__mdRan = true</script>",
].join("\n");

async function openPreview(page: Page, name: string) {
  await row(page, name).dblclick();
  await expect(page.getByRole("dialog").getByRole("heading", { name })).toBeVisible();
}

test("markdown: tables, task lists, highlighted code and real typography, no raw HTML", async ({
  authedPage: page,
  api,
}) => {
  await api.uploadFile("/", "README.md", README, { mimeType: "text/markdown" });
  await openDrive(page);
  await openPreview(page, "README.md");
  const doc = page.getByRole("dialog").getByTestId("markdown-preview");

  const heading = doc.getByRole("heading", { name: "Project", level: 1 });
  await expect(heading).toBeVisible();
  const size = (selector: string) =>
    doc
      .locator(selector)
      .first()
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(await size("h1")).toBeGreaterThan((await size("p")) * 1.5);
  await expect(doc.locator("h1")).toHaveCSS("font-weight", /^(7|8|9)00$/);
  await expect(doc.locator("ul").first()).toHaveCSS("list-style-type", "disc");

  const table = doc.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Name", "Size"]);
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("cell", { name: "2 KB" })).toHaveCSS("text-align", "right");

  const tasks = doc.getByRole("checkbox");
  await expect(tasks).toHaveCount(2);
  await expect(tasks.first()).toBeChecked();
  await expect(tasks.nth(1)).not.toBeChecked();

  await expect(doc.locator("pre code .hljs-keyword").first()).toHaveText("const");
  await expect(doc.locator("pre")).toContainText("const answer: number = 42;");

  await expect(doc.locator("img, script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __mdRan?: boolean }).__mdRan)).toBeUndefined();
});

test("delete: Cancel holds the focus, and the folder warning shows only for folders", async ({
  authedPage: page,
  api,
}) => {
  await createEmptyFile(api.request, { name: "keep-me.txt" });
  await api.mkdir("/Old");
  await openDrive(page);
  await row(page, "keep-me.txt").click();
  await page.keyboard.press("Delete");
  const dialog = page.getByRole("dialog", { name: 'Delete "keep-me.txt"?' });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(dialog).not.toContainText("Folders are deleted");
  // Enter on the focused Cancel closes the dialog: nothing is deleted by surprise.
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(row(page, "keep-me.txt")).toBeVisible();

  await row(page, "Old").click();
  await page.keyboard.press("Delete");
  await expect(page.getByRole("dialog", { name: 'Delete "Old"?' })).toContainText(
    "Folders are deleted with everything inside them.",
  );
});

test("Move here into the folder the items are already in is not offered; a paste there moves nothing", async ({
  authedPage: page,
  api,
}) => {
  await api.mkdir("/Docs");
  await createEmptyFile(api.request, { name: "a.txt", path: "/Docs" });
  await openDrive(page, "/Docs");
  await row(page, "a.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Move" }).click();
  const picker = page.getByRole("dialog", { name: 'Move "a.txt"' });
  await expect(picker.getByText("It is already in this folder.")).toBeVisible();
  await expect(picker.getByRole("button", { name: "Move here" })).toBeDisabled();
  await picker.getByRole("button", { name: "My Drive" }).click();
  await expect(picker.getByRole("button", { name: "Move here" })).toBeEnabled();
  await picker.getByRole("button", { name: "Cancel" }).click();

  await row(page, "a.txt").click();
  await page.keyboard.press("Control+x");
  await page.keyboard.press("Control+v");
  await expect(page.getByText("Nothing moved: already in Docs")).toBeVisible();
  await expect(page.getByText(/^Moved /)).toHaveCount(0);
});
