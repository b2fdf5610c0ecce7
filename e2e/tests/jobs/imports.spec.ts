import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../../fixtures.js";
import { asTeldrive18 } from "../../lib/teldrive.js";

// The Imports page (issue 24 item 4) against the real server: a file brought in from a link, start to finish.

const body = crypto.randomBytes(3 * 1024 * 1024 + 17);

/** A plain HTTP server on loopback that serves `body` at /data/archive.bin (with ranges, as most servers do). */
async function linkServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith("/data/archive.bin")) return void res.writeHead(404).end();
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    const start = m ? Number(m[1]) : 0;
    const end = m?.[2] ? Number(m[2]) : body.length - 1;
    res.writeHead(m ? 206 : 200, {
      "content-length": end - start + 1,
      ...(m ? { "content-range": `bytes ${start}-${end}/${body.length}` } : {}),
    });
    res.end(body.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test("import from a link: test the connection, start, watch it finish, find the file in its folder", async ({
  authedPage: page,
  api,
}) => {
  const source = await linkServer();
  try {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Imports", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Imports", level: 1 })).toBeVisible();
    await expect(page.getByText("No imports yet")).toBeVisible();
    await page.getByRole("button", { name: "New import" }).click();
    const form = page.getByRole("form", { name: "New import" });
    await form.getByLabel("Link").fill(`${source.url}/data/archive.bin`);
    await form.getByLabel("Into folder").fill("/From the web");
    await form.getByRole("button", { name: "Test connection" }).click();
    await expect(form.getByRole("status")).toHaveText("Connected: the source can be read.");
    await form.getByRole("button", { name: "Start import" }).click();
    const row = page.getByRole("listitem", { name: `Import from ${source.url}/data/archive.bin` });
    await expect(row.getByText("Done", { exact: true })).toBeVisible();
    await expect(row).toContainText("1 of 1 files");
    const list = await api.list("/From the web");
    expect(list.items.map((i) => i.name)).toEqual(["archive.bin"]);
    const [file] = list.items;
    if (!file?.id) throw new Error("no file");
    expect((await api.download({ id: file.id, name: file.name })).equals(body)).toBe(true);
    // The folder shows it in the drive too.
    await page.goto(`/my-drive?path=${encodeURIComponent("/From the web")}`);
    await expect(page.getByRole("row", { name: /^archive\.bin,/ })).toBeVisible();
  } finally {
    await source.close();
  }
});

test("a link that answers 404 ends as Failed with the reason in words, and Test connection says so first", async ({
  authedPage: page,
}) => {
  const source = await linkServer();
  try {
    await page.goto("/jobs");
    await page.getByRole("button", { name: "New import" }).click();
    const form = page.getByRole("form", { name: "New import" });
    await form.getByLabel("Link").fill(`${source.url}/missing.bin`);
    await form.getByRole("button", { name: "Test connection" }).click();
    await expect(form.getByRole("status")).toContainText("not found on the source (404)");
    await form.getByRole("button", { name: "Start import" }).click();
    const row = page.getByRole("listitem", { name: `Import from ${source.url}/missing.bin` });
    await expect(row.getByText("Failed", { exact: true })).toBeVisible();
    await expect(row).toContainText("What went wrong:");
    await expect(row.getByRole("button", { name: "Retry" })).toBeVisible();
  } finally {
    await source.close();
  }
});

test("no Imports entry where the server has no jobs (Teldrive 1.8)", async ({ authedPage: page }) => {
  await asTeldrive18(page);
  await page.goto("/my-drive?path=/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Trash", exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Imports", exact: true })).toHaveCount(0);
});
