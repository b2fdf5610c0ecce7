import { expect, test } from "../../fixtures.js";
import { expectUploadsComplete, row, uploadThroughPicker } from "./helpers.js";
import { png } from "./samples.js";

test("on a phone: upload, tap to preview, share and delete from the actions sheet", async ({
  authedPage: page,
  api,
}) => {
  await page.goto("/my-drive?path=/");
  await uploadThroughPicker(page, [{ name: "snap.png", mimeType: "image/png", buffer: png(10, [10, 200, 10]) }]);
  await expectUploadsComplete(page);
  await page.getByRole("region", { name: "Uploads" }).getByRole("button", { name: "Collapse uploads" }).tap();

  await row(page, "snap.png").tap();
  const preview = page.getByRole("dialog", { name: "snap.png" });
  await expect(preview.getByRole("img", { name: "snap.png" })).toBeVisible();
  await preview.getByRole("button", { name: "Close preview" }).tap();
  await expect(preview).toHaveCount(0);

  await row(page, "snap.png").dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true, bubbles: true });
  await page.getByRole("dialog", { name: "snap.png" }).getByRole("button", { name: "Share" }).tap();
  const share = page.getByRole("dialog", { name: 'Share "snap.png"' });
  await share.getByRole("button", { name: "Create link" }).tap();
  await expect(share.getByLabel("Link")).toHaveValue(/\/share\//);
  await share.getByRole("button", { name: "Done" }).tap();

  await row(page, "snap.png").dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true, bubbles: true });
  await page.getByRole("dialog", { name: "snap.png" }).getByRole("button", { name: "Delete" }).tap();
  await page.getByRole("dialog", { name: 'Delete "snap.png"?' }).getByRole("button", { name: "Delete" }).tap();
  await expect(row(page, "snap.png")).toHaveCount(0);
  expect((await api.list("/")).items).toHaveLength(0);
});
