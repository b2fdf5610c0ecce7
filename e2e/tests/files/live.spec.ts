import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { DriveApi, expect, type Page, test, uniquePhone } from "../../fixtures.js";
import { signInRequest } from "../../lib/auth.js";
import { startDriveServer } from "../../lib/server.js";
import { createEmptyFile, createManyFiles } from "../browsing/seed.js";

// Changes made elsewhere show in an open tab within a second (issue 24): the server pushes an event
// (GET /api/events/stream), the tab refetches what it shows in place.

// No list is polled, so a change showing at all proves it was pushed. How fast it shows ("within a second") is a
// number for the benchmark (bench/src/event-latency.ts), not a bound here: a busy machine may only make this slower.

/** Opens `url` and waits until the tab's event stream is connected, so a change made afterwards is pushed to it. */
async function openLive(page: Page, url: string) {
  const live = page.waitForResponse((r) => r.url().includes("/api/events/stream") && r.status() === 200);
  await page.goto(url);
  await live;
}

/** A request context that signs in only with an API key, as rclone or a WebDAV bridge would. */
async function keyedClient(page: Page, baseURL: string): Promise<APIRequestContext> {
  const made = await page.request.post("/api/users/api-keys", { data: { name: "rclone" } });
  expect(made.status()).toBe(201);
  const { key } = (await made.json()) as { key: string };
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "x-api-key": key } });
}

test.describe("live changes", () => {
  test("a folder made in another browser appears at once; scroll, selection and an open rename are kept", async ({
    authedPage: page,
    user,
    api,
    newSession,
  }) => {
    await api.mkdir("/Live");
    await createManyFiles(api.request, 80, { path: "/Live" });
    await openLive(page, "/my-drive?path=/Live");
    const list = page.getByRole("grid", { name: "My Drive /Live" });
    const row = (name: string) => list.getByRole("row", { name: new RegExp(`^${name.replace(".", "\\.")}`) });
    await list.evaluate((el) => {
      el.scrollTop = 1200;
    });
    await row("file-040.txt").click();
    await expect(row("file-040.txt")).toHaveAttribute("aria-selected", "true");
    const scrolled = await list.evaluate((el) => el.scrollTop);
    // 80 files and the header row; the new folder sorts first, above the rows in view.
    await expect(list).toHaveAttribute("aria-rowcount", "81");
    expect(scrolled).toBeGreaterThan(0);

    const other = await newSession(user.phone);
    const tab = await other.context.newPage();
    await tab.goto("/my-drive?path=/Live");
    await tab.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "New folder" }).click();
    const create = tab.getByRole("dialog", { name: "New folder" });
    await create.getByLabel("Folder name").fill("Arrived");
    await create.getByRole("button", { name: "Create" }).click();
    await expect(tab.getByText('Folder "Arrived" created')).toBeVisible();

    await expect(list).toHaveAttribute("aria-rowcount", "82");
    expect(await list.evaluate((el) => el.scrollTop)).toBe(scrolled);
    await expect(row("file-040.txt")).toHaveAttribute("aria-selected", "true");
    await expect(row("file-040.txt")).toBeInViewport();

    // A rename open here stays open, with what was typed, while another browser deletes a file.
    await row("file-040.txt").focus();
    await page.keyboard.press("F2");
    const rename = page.getByRole("dialog", { name: "Rename file" });
    await expect(rename).toBeVisible();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("half typed");
    const gone = (await api.list("/Live")).items.find((f) => f.name === "file-041.txt");
    expect((await other.api.request.post("/api/files/delete", { data: { ids: [gone?.id] } })).status()).toBe(204);
    await expect(row("file-041.txt")).toHaveCount(0);
    await expect(rename).toBeVisible();
    await expect(rename.getByRole("textbox")).toHaveValue("half typed");
  });

  test("a file put in through the API with a key (as rclone or WebDAV do) appears in an open tab", async ({
    authedPage: page,
    baseURL,
  }) => {
    const rclone = await keyedClient(page, baseURL ?? "");
    await openLive(page, "/my-drive?path=/");
    await createEmptyFile(rclone, { name: "from-rclone.txt" });
    await expect(
      page.getByRole("grid", { name: "My Drive" }).getByRole("row", { name: /^from-rclone\.txt/ }),
    ).toBeVisible();
    await rclone.dispose();
  });

  test("a file put over WebDAV (HTTP PUT, Basic auth with an API key) appears in an open tab", async ({
    authedPage: page,
    baseURL,
  }) => {
    const made = await page.request.post("/api/users/api-keys", { data: { name: "webdav" } });
    expect(made.status()).toBe(201);
    const { key } = (await made.json()) as { key: string };
    // Its own context: no cookie of the page's, only what a WebDAV client sends. The list is not polled and the tab
    // is neither reloaded nor refocused: only the event stream can bring the file (no time bound: a loaded machine).
    const davClient = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Basic ${Buffer.from(`rclone:${key}`).toString("base64")}` },
    });
    await openLive(page, "/my-drive?path=/");
    const put = await davClient.fetch("/webdav/from%20webdav.txt", { method: "PUT", data: "written over WebDAV" });
    expect(put.status()).toBe(201);
    await expect(
      page.getByRole("grid", { name: "My Drive" }).getByRole("row", { name: /^from webdav\.txt/ }),
    ).toBeVisible();
    await davClient.dispose();
  });

  test("an upload running on another device shows as in progress until its file arrives", async ({
    authedPage: page,
    baseURL,
  }) => {
    const device = await keyedClient(page, baseURL ?? "");
    await openLive(page, "/my-drive?path=/");
    const part = await device.post(
      "/api/uploads/elsewhere-1?partName=holiday.mp4.part.1&fileName=holiday.mp4&partNo=1",
      {
        headers: { "content-type": "application/octet-stream" },
        data: Buffer.alloc(64 * 1024, 1),
      },
    );
    expect(part.status()).toBe(200);
    const panel = page.getByRole("region", { name: "Uploads from other devices" });
    await expect(panel).toContainText("holiday.mp4");
    const { partId, channelId } = (await part.json()) as { partId: number; channelId: number };
    const made = await device.post("/api/files", {
      data: {
        name: "holiday.mp4",
        type: "file",
        path: "/",
        mimeType: "video/mp4",
        size: 64 * 1024,
        channelId,
        parts: [{ id: partId }],
      },
    });
    expect(made.status()).toBe(201);
    await expect(panel).toHaveCount(0);
    await expect(
      page.getByRole("grid", { name: "My Drive" }).getByRole("row", { name: /^holiday\.mp4/ }),
    ).toBeVisible();
    await device.dispose();
  });
});

test("against Teldrive 1.8 (no events) the client opens no event stream and behaves as before", async ({ browser }) => {
  const teldrive = await startDriveServer({ env: { COMPAT: "teldrive-1.8" } });
  try {
    const context = await browser.newContext({ baseURL: teldrive.baseURL });
    await signInRequest(teldrive, context.request, uniquePhone());
    const page = await context.newPage();
    const streams: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/events")) streams.push(r.url());
    });
    // The client has decided what the server is once both probes answered.
    const probed = Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/capabilities")),
      page.waitForResponse((r) => r.url().endsWith("/api/users/api-keys")),
    ]);
    await page.goto("/my-drive?path=/");
    await probed;
    await new DriveApi(context.request).mkdir("/Made elsewhere");
    await page.reload();
    await expect(
      page.getByRole("grid", { name: "My Drive" }).getByRole("row", { name: /^Made elsewhere/ }),
    ).toBeVisible();
    expect(streams).toEqual([]);
    await context.close();
  } finally {
    await teldrive.stop();
  }
});
