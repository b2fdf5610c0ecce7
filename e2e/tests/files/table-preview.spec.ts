import { expect, test } from "../../fixtures.js";
import { openDrive, row } from "./helpers.js";

test("a CSV of 100,000 rows opens as a table, streamed, and scrolls to its last row", async ({
  authedPage: page,
  api,
}) => {
  const lines = ["id,name,amount"];
  for (let i = 1; i <= 100_000; i++) lines.push(`${i},"name ${i}, quoted",${i * 3}`);
  await api.uploadFile("/", "big.csv", `${lines.join("\n")}\n`, { mimeType: "text/csv" });
  await api.uploadFile("/", "small.tsv", "a\tb\nx\ty\n", { mimeType: "text/tab-separated-values" });
  await openDrive(page);
  await row(page, "big.csv").dblclick();
  const dialog = page.getByRole("dialog", { name: "big.csv" });
  const table = dialog.getByRole("table", { name: "big.csv" });
  await expect(dialog.getByText("100,000 rows", { exact: true })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "amount" })).toBeVisible();
  await expect(table.getByRole("cell", { name: "name 1, quoted" })).toBeVisible();
  // Only the rows in view are in the page.
  expect(await table.getByRole("row").count()).toBeLessThan(200);

  await dialog.getByTestId("table-preview").evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(table.getByRole("cell", { name: "name 100000, quoted" })).toBeVisible();
  await expect(table.getByRole("cell", { name: "300000" })).toBeVisible();

  await page.keyboard.press("Escape");
  await row(page, "small.tsv").dblclick();
  const tsv = page.getByRole("dialog", { name: "small.tsv" }).getByRole("table");
  await expect(tsv.getByRole("columnheader", { name: "b" })).toBeVisible();
  await expect(tsv.getByRole("cell", { name: "y" })).toBeVisible();
});
