import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "../../fixtures.js";
import { createEmptyFile } from "./seed.js";

test.describe("accessibility", () => {
  test("the list, the grid, the filter popup and the storage page have no axe violations", async ({
    authedPage: page,
    api,
  }) => {
    await api.createFolder("Folder");
    await createEmptyFile(api.request, { name: "a.png", mimeType: "image/png" });
    await api.uploadFile("/", "b.pdf", "pdf bytes", { mimeType: "application/pdf" });
    const axe = () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();

    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    await list.getByRole("row", { name: /^a\.png/ }).click();
    expect((await axe()).violations).toEqual([]);

    await page.getByRole("button", { name: "Grid view" }).click();
    await expect(list.getByRole("gridcell", { name: /^a\.png/ })).toBeVisible();
    expect((await axe()).violations).toEqual([]);

    await page.getByRole("button", { name: "Search filters" }).click();
    await expect(page.getByRole("form", { name: "Search filters" })).toBeVisible();
    expect((await axe()).violations).toEqual([]);
    await page.keyboard.press("Escape");

    await page.goto("/storage");
    await expect(page.getByRole("table", { name: "Files and space per category" })).toBeVisible();
    expect((await axe()).violations).toEqual([]);
  });
});
