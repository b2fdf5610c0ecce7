// Thumbnails with no setup (issue 12 item 2): our server renders them, the list and grid show them for the rows
// on screen; a resizer host still comes first, and against Teldrive 1.8 (no /capabilities) the icons stay.
import { expect, type Locator, type Page, setSettings, test } from "../../fixtures.js";
import type { DriveApi, DriveFile } from "../../lib/drive-api.js";
import { asTeldrive18 } from "../../lib/teldrive.js";
import { row } from "./helpers.js";
import { png, recordWebm } from "./samples.js";

/** Ids of the files whose server thumbnails the page asks for, in order. */
/** Thumbnails the page asks for from its next navigation on (not the page the fixture opened, maybe still busy). */
function recordThumbnails(page: Page): string[] {
  const ids: string[] = [];
  let navigated = false;
  page.once("framenavigated", () => {
    navigated = true;
  });
  page.on("request", (request) => {
    if (!navigated) return;
    const url = new URL(request.url());
    const match = /^\/api\/thumbnails\/([^/]+)$/.exec(url.pathname);
    if (match?.[1]) ids.push(decodeURIComponent(match[1]));
  });
  return ids;
}

/** Waits until the picture has arrived and decoded (a broken one has no natural width). */
async function expectShown(img: Locator) {
  await expect(img).toHaveJSProperty("complete", true);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
}

async function uploadPictures(api: DriveApi, folder: string, count: number, prefix = "img-"): Promise<DriveFile[]> {
  const files: DriveFile[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => {
      const n = i + j + 1;
      const name = `${prefix}${String(n).padStart(3, "0")}.png`;
      return api.uploadFile(folder, name, png(48, [(n * 37) % 256, (n * 91) % 256, 160]), {
        mimeType: "image/png",
      });
    });
    files.push(...(await Promise.all(batch)));
  }
  return files;
}

test.describe("thumbnails", () => {
  test("the list and the grid show the server's WebP thumbnails of pictures, encrypted ones too, and icons for the rest", async ({
    authedPage: page,
    api,
  }) => {
    await api.mkdir("/Photos");
    await api.uploadFile("/Photos", "sunset.png", png(900, [220, 90, 30]), { mimeType: "image/png" });
    await api.uploadFile("/Photos", "vault.png", png(800, [20, 120, 60]), {
      mimeType: "image/png",
      encrypted: true,
    });
    await api.uploadFile("/Photos", "notes.txt", "plain words", { mimeType: "text/plain" });
    const responses: { url: string; type: string | undefined; status: number }[] = [];
    page.on("response", (res) => {
      if (res.url().includes("/api/thumbnails/"))
        responses.push({ url: res.url(), type: res.headers()["content-type"], status: res.status() });
    });

    await page.goto("/my-drive?path=/Photos");
    const list = page.getByRole("grid", { name: "My Drive /Photos" });
    for (const name of ["sunset.png", "vault.png"]) {
      const img = row(page, name).locator("img");
      await expect(img).toHaveAttribute("src", /\/api\/thumbnails\/[^?]+\?w=360&v=/);
      await expect(img).toHaveAttribute("srcset", /w=360.* 360w, .*w=720.* 720w/);
      await expectShown(img);
    }
    await expect(row(page, "notes.txt")).toBeVisible();
    await expect(row(page, "notes.txt").locator("img")).toHaveCount(0);
    expect(responses.length).toBeGreaterThanOrEqual(2);
    for (const res of responses) expect(res).toMatchObject({ status: 200, type: "image/webp" });

    await page.getByRole("button", { name: "Grid view" }).click();
    const cards = list.getByRole("gridcell");
    await expect(cards.filter({ hasText: "notes.txt" })).toBeVisible();
    for (const name of ["sunset.png", "vault.png"]) await expectShown(cards.filter({ hasText: name }).locator("img"));
    await expect(cards.filter({ hasText: "notes.txt" }).locator("img")).toHaveCount(0);
  });

  test("in a big folder only the rows on screen fetch thumbnails, in the list and after jumping to the end", async ({
    authedPage: page,
    api,
  }) => {
    test.slow();
    await api.mkdir("/Many");
    const files = await uploadPictures(api, "/Many", 150);
    const nameOf = new Map(files.map((f) => [f.id, f.name]));
    const requested = recordThumbnails(page);

    await page.goto("/my-drive?path=/Many");
    const list = page.getByRole("grid", { name: "My Drive /Many" });
    await expectShown(row(page, "img-001.png").locator("img"));
    const rendered = async () => list.locator("[role=row][data-index] span[title]").allTextContents();
    /** Names of the rows inside the list's visible box, once each of their pictures has arrived (else null). */
    const onScreen = () =>
      list.evaluate((grid) => {
        const box = grid.getBoundingClientRect();
        const rows = [...grid.querySelectorAll("[role=row][data-index]")].filter((r) => {
          const rect = r.getBoundingClientRect();
          return rect.bottom > box.top && rect.top < box.bottom;
        });
        const imgs = rows.map((r) => r.querySelector("img"));
        if (imgs.some((img) => !img?.complete)) return null;
        return rows.map((r) => r.querySelector("span[title]")?.textContent ?? "");
      });
    await expect.poll(onScreen).not.toBeNull();
    const visible = (await onScreen()) ?? [];
    const first = await rendered();
    expect(first.length).toBeLessThan(40);
    const asked = () => new Set(requested.map((id) => nameOf.get(id)));
    for (const name of visible) expect(asked(), `${name} is on screen`).toContain(name);
    for (const name of asked()) expect(first, `${name} was asked for`).toContain(name);

    await row(page, "img-001.png").click();
    await page.keyboard.press("End");
    await expect(row(page, "img-150.png")).toBeFocused();
    await expectShown(row(page, "img-150.png").locator("img"));
    await expect.poll(onScreen).not.toBeNull();
    const last = await rendered();
    const names = asked();
    for (const name of names) expect([...first, ...last], `${name} was on screen`).toContain(name);
    expect(names.has("img-075.png")).toBe(false);
    expect(names.size).toBeLessThan(files.length / 2);
  });

  test("a video shows a poster frame (the server's where it has ffmpeg, else drawn in the browser); one no one can decode keeps its icon", async ({
    authedPage: page,
    api,
  }) => {
    const webm = await recordWebm(page);
    await api.mkdir("/Clips");
    await api.uploadFile("/Clips", "clip.webm", webm, { mimeType: "video/webm" });
    await api.uploadFile("/Clips", "movie.mkv", "this is not a matroska file", { mimeType: "video/x-matroska" });
    await page.goto("/my-drive?path=/Clips");
    await page.getByRole("button", { name: "Grid view" }).click();
    const cards = page.getByRole("grid", { name: "My Drive /Clips" }).getByRole("gridcell");
    const poster = cards.filter({ hasText: "clip.webm" }).locator("img");
    await expect(poster).toHaveAttribute("src", /^(blob:|\/api\/thumbnails\/)/);
    await expectShown(poster);
    // Drawn in the browser, the first frame has the video's size: 64 by 48 (the server's poster is its own WebP).
    if ((await poster.getAttribute("src"))?.startsWith("blob:"))
      expect(await poster.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([64, 48]);
    await expect(cards.filter({ hasText: "movie.mkv" })).toBeVisible();
    await expect(cards.filter({ hasText: "movie.mkv" }).locator("img")).toHaveCount(0);
  });

  test("a configured resizer host still comes first", async ({ authedPage: page, api }) => {
    await setSettings(page, { resizerHost: "http://127.0.0.1:9/resize" });
    // The page the fixture signed in on has no resizer set: leave it first, or its list could still see the upload
    // and ask our server for the thumbnail.
    await page.goto("about:blank");
    await api.uploadFile("/", "pic.png", png(300, [10, 10, 200]), { mimeType: "image/png" });
    const requested = recordThumbnails(page);
    const resized = page.waitForRequest((r) => r.url().startsWith("http://127.0.0.1:9/resize?"));
    await page.goto("/my-drive?path=/");
    const url = new URL((await resized).url());
    expect(url.searchParams.get("width")).toBe("360");
    expect(url.searchParams.get("url")).toMatch(/\/api\/files\/[^/]+\/pic\.png\?hash=/);
    // The resizer is unreachable: the picture fails and the type icon takes its place, with no fetch from our server.
    await expect(row(page, "pic.png").locator("svg").first()).toBeVisible();
    await expect(row(page, "pic.png").locator("img")).toHaveCount(0);
    expect(requested).toEqual([]);
  });

  test("against Teldrive 1.8 without a resizer host, pictures keep their type icons and nothing is fetched", async ({
    authedPage: page,
    api,
  }) => {
    await asTeldrive18(page);
    await api.uploadFile("/", "plain.png", png(300, [200, 10, 10]), { mimeType: "image/png" });
    const requested = recordThumbnails(page);
    await page.goto("/my-drive?path=/");
    await expect(row(page, "plain.png")).toBeVisible();
    await expect(row(page, "plain.png").locator("svg").first()).toBeVisible();
    await expect(row(page, "plain.png").locator("img")).toHaveCount(0);
    await page.getByRole("button", { name: "Grid view" }).click();
    const card = page.getByRole("gridcell").filter({ hasText: "plain.png" });
    await expect(card).toBeVisible();
    await expect(card.locator("img")).toHaveCount(0);
    expect(requested).toEqual([]);
  });
});
