// Shared steps of the file-work specs: finding rows, uploading through the pickers, hashing downloads.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import { type Browser, type Download, expect, type Locator, type Page } from "@playwright/test";
import type { DriveApi, DriveFile } from "../../lib/drive-api.js";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The list row of `name` (rows announce "name, type, size, date"). */
export function row(page: Page, name: string): Locator {
  return page.getByRole("row", { name: new RegExp(`^${escapeRegExp(name)},`) });
}

export function uploadsPanel(page: Page): Locator {
  return page.getByRole("region", { name: "Uploads" });
}

/** Deterministic pseudo-random bytes, so part boundaries carry distinct data. */
export function bytesOf(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let x = seed * 2654435761;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

export const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/**
 * Picks files through the toolbar's "Upload file" command and the browser's file chooser: a button where the toolbar
 * has room, an item of its "New" menu on a phone.
 */
export async function uploadThroughPicker(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[] | string[],
): Promise<void> {
  const toolbar = page.getByRole("toolbar", { name: "Folder" });
  const newMenu = toolbar.getByRole("button", { name: "New", exact: true });
  const direct = toolbar.getByRole("button", { name: "Upload file" });
  await expect(newMenu.or(direct)).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  if (await newMenu.isVisible()) {
    await newMenu.click();
    await page.getByRole("menuitem", { name: "Upload file" }).click();
  } else await direct.click();
  await (await chooser).setFiles(files);
}

/** Waits until the panel reports every upload finished. */
export async function expectUploadsComplete(page: Page): Promise<void> {
  await expect(uploadsPanel(page).getByRole("heading", { name: "Uploads complete" })).toBeVisible({ timeout: 120_000 });
}

/** The file named `name` in `path`, read through the API. */
export async function findFile(api: DriveApi, path: string, name: string): Promise<DriveFile> {
  const list = await api.list(path, { limit: 1000 });
  const file = list.items.find((f) => f.name === name);
  if (!file) throw new Error(`${name} is not in ${path}: ${list.items.map((f) => f.name).join(", ")}`);
  return file;
}

export async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFile(file);
}

/** Opens my-drive at `path` and waits for the list. */
export async function openDrive(page: Page, path = "/"): Promise<void> {
  await page.goto(`/my-drive?path=${encodeURIComponent(path)}`);
  await expect(page.getByRole("toolbar", { name: "Folder" })).toBeVisible();
}

/** A page in a fresh browser context that never signed in: someone a link was given to. */
export async function visitor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Types `password` on a protected share's page and presses Open. */
export async function unlock(page: Page, password: string) {
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Open" }).click();
}
