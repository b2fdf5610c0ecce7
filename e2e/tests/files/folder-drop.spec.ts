import fs from "node:fs/promises";
import path from "node:path";
import { expect, setSettings, test } from "../../fixtures.js";
import { bytesOf, expectUploadsComplete, findFile, openDrive, row, sha256 } from "./helpers.js";

const PART = 65_536;

// A DataTransfer built in the page cannot hold directories, so the drop goes through Chromium's own
// drag-and-drop input (CDP), as a folder dragged from the desktop would.
test("uploads a folder tree dropped on the drive, recreating its folders", async ({
  authedPage: page,
  api,
}, testInfo) => {
  await setSettings(page, { splitFileSize: PART });
  const root = testInfo.outputPath("holiday");
  await fs.mkdir(path.join(root, "day 1", "beach"), { recursive: true });
  const tree: Record<string, Buffer> = {
    "notes.txt": bytesOf(12, 4),
    "day 1/a.bin": bytesOf(PART + 3, 5),
    "day 1/beach/b.bin": bytesOf(2 * PART + 1, 6),
  };
  for (const [rel, bytes] of Object.entries(tree)) await fs.writeFile(path.join(root, rel), bytes);
  await api.mkdir("/Trips");
  await openDrive(page, "/Trips");

  const box = await page.getByTestId("upload-drop-zone").boundingBox();
  if (!box) throw new Error("drop zone not visible");
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const data = { items: [], files: [root], dragOperationsMask: 1 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchDragEvent", { type: "dragEnter", ...at, data });
  await cdp.send("Input.dispatchDragEvent", { type: "dragOver", ...at, data });
  await expect(page.getByText("Drop to upload to /Trips")).toBeVisible();
  await cdp.send("Input.dispatchDragEvent", { type: "drop", ...at, data });

  await expectUploadsComplete(page);
  await expect(row(page, "holiday")).toBeVisible();
  for (const [rel, bytes] of Object.entries(tree)) {
    const dir = path.posix.dirname(`/Trips/holiday/${rel}`);
    expect(sha256(await api.download(await findFile(api, dir, path.posix.basename(rel))))).toBe(sha256(bytes));
  }
});
