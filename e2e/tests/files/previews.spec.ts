import type { Page } from "@playwright/test";
import { expect, setSettings, test } from "../../fixtures.js";
import { openDrive, row } from "./helpers.js";
import { docx, epub, pdf, png, recordWebm, wav, xlsx } from "./samples.js";

const modal = (page: Page) => page.getByRole("dialog");

async function openPreview(page: Page, name: string) {
  await row(page, name).dblclick();
  await expect(modal(page).getByRole("heading", { name })).toBeVisible();
}

test("image preview zooms, walks previous/next in the folder and closes on Esc", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "a-red.png", png(8, [255, 0, 0]), { mimeType: "image/png" });
  await api.uploadFile("/", "b-notes.txt", "between the images", { mimeType: "text/plain" });
  await api.uploadFile("/", "c-blue.png", png(8, [0, 0, 255]), { mimeType: "image/png" });
  await openDrive(page);
  await openPreview(page, "a-red.png");

  const image = modal(page).getByRole("img", { name: "a-red.png" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await modal(page).getByRole("button", { name: "Zoom in" }).click();
  await expect(modal(page).getByText("150%")).toBeVisible();
  await modal(page).getByRole("button", { name: "Fit to window" }).click();
  await expect(modal(page).getByText("Fit")).toBeVisible();

  await expect(modal(page).getByText("1 of 3")).toBeVisible();
  await modal(page).getByRole("button", { name: "Next file" }).click();
  await expect(modal(page).getByRole("heading", { name: "b-notes.txt" })).toBeVisible();
  await expect(modal(page).getByTestId("code-preview")).toHaveText("between the images");
  await page.keyboard.press("ArrowRight");
  await expect(modal(page).getByRole("heading", { name: "c-blue.png" })).toBeVisible();
  await expect(modal(page).getByRole("button", { name: "Next file" })).toHaveCount(0);
  await page.keyboard.press("ArrowLeft");
  await expect(modal(page).getByRole("heading", { name: "b-notes.txt" })).toBeVisible();

  const download = page.waitForEvent("download");
  await modal(page).getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("b-notes.txt");

  await page.keyboard.press("Escape");
  await expect(modal(page)).toHaveCount(0);
});

test("audio plays from the content URL and goes on to the next track, with previous/next", async ({
  authedPage: page,
  api,
}) => {
  await api.uploadFile("/", "1-tone.wav", wav(1, 440), { mimeType: "audio/wav" });
  await api.uploadFile("/", "2-tone.wav", wav(2, 660), { mimeType: "audio/wav" });
  await openDrive(page);
  await openPreview(page, "1-tone.wav");
  await expect(modal(page).locator("audio")).toHaveAttribute("src", /\/api\/files\/[^/]+\/1-tone\.wav\?hash=/);
  // The one-second track plays to its end and the next one starts, like a playlist.
  await expect(modal(page).getByRole("heading", { name: "2-tone.wav" })).toBeVisible();
  const audio = modal(page).locator("audio");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(2);
  await modal(page).getByRole("button", { name: "Previous file" }).click();
  await expect(modal(page).locator("audio")).toHaveAttribute("src", /1-tone\.wav/);
});

test("video: a WebM made in the browser plays; a format the browser can't play offers download and an external player", async ({
  authedPage: page,
  api,
}) => {
  await openDrive(page);
  const webm = await recordWebm(page);
  await api.uploadFile("/", "clip.webm", webm, { mimeType: "video/webm" });
  await api.uploadFile("/", "movie.mkv", "this is not a matroska file", { mimeType: "video/x-matroska" });
  await page.reload();
  await openPreview(page, "clip.webm");
  const video = modal(page).locator("video");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(64);

  await modal(page).getByRole("button", { name: "Next file" }).click();
  await expect(modal(page).getByText("Your browser can't play this video.")).toBeVisible();
  await modal(page).getByRole("button", { name: "Open in external player" }).click();
  await expect(page.getByRole("menuitem", { name: "VLC" })).toHaveAttribute(
    "href",
    /^vlc:\/\/http:\/\/.+\/api\/files\/[^/]+\/movie\.mkv\?hash=/,
  );
  await page.keyboard.press("Escape");
  const download = page.waitForEvent("download");
  await modal(page).getByRole("button", { name: "Download" }).last().click();
  expect((await download).suggestedFilename()).toBe("movie.mkv");
});

test("pdf pages are drawn with pdf.js from the bundled worker", async ({ authedPage: page, api }) => {
  const outside: string[] = [];
  page.on("request", (r) => !r.url().startsWith(new URL(page.url()).origin) && outside.push(r.url()));
  await api.uploadFile("/", "hello.pdf", pdf("Hello PDF"), { mimeType: "application/pdf" });
  await openDrive(page);
  await openPreview(page, "hello.pdf");
  const canvas = modal(page).locator('.page[data-page-number="1"] canvas');
  await expect(canvas).toBeVisible();
  // Some pixel of the page is dark: the text was drawn.
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data ?? [];
        for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 100) return true;
        return false;
      }),
    )
    .toBe(true);
  expect(outside.filter((u) => !u.startsWith("data:") && !u.startsWith("blob:"))).toEqual([]);
});

test("markdown is rendered without running the HTML inside it", async ({ authedPage: page, api }) => {
  const markdown = [
    "# Release notes",
    "",
    "Some **bold** text.",
    "",
    "<script>window.__mdScriptRan = true</script>",
    "",
    '<img src="x" onerror="window.__mdScriptRan = true">',
    "",
    "![remote](https://example.com/tracker.png)",
  ].join("\n");
  await api.uploadFile("/", "notes.md", markdown, { mimeType: "text/markdown" });
  await openDrive(page);
  await openPreview(page, "notes.md");
  const preview = modal(page).getByTestId("markdown-preview");
  await expect(preview.getByRole("heading", { name: "Release notes" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("bold");
  await expect(preview).toContainText("[image: remote]");
  await expect(preview.locator("img, script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __mdScriptRan?: boolean }).__mdScriptRan)).toBeUndefined();
});

test("code is highlighted by a grammar loaded on demand; text stays text", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "main.ts", "const answer: number = 42;\n", { mimeType: "text/plain" });
  await api.uploadFile("/", "raw.txt", "<b>not bold</b>", { mimeType: "text/plain" });
  await openDrive(page);
  await openPreview(page, "main.ts");
  const code = modal(page).getByTestId("code-preview");
  await expect(code.locator(".hljs-keyword").first()).toHaveText("const");
  await expect(code).toHaveText("const answer: number = 42;\n");
  // Numbered lines (the numbers are CSS, not text) and a remembered wrap toggle.
  await expect(code.locator(".code-line")).toHaveCount(1);
  const wrap = modal(page).getByRole("button", { name: "Wrap lines" });
  await wrap.click();
  await expect(wrap).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => code.locator(".code-line").evaluate((l) => getComputedStyle(l).whiteSpace)).toBe("pre-wrap");
  await modal(page).getByRole("button", { name: "Next file" }).click();
  await expect(modal(page).getByTestId("code-preview")).toHaveText("<b>not bold</b>");
  await expect(modal(page).getByTestId("code-preview").locator("b")).toHaveCount(0);
});

test("docx and xlsx are rendered in the browser", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "letter.docx", await docx(["Hello DOCX", "Second paragraph"]), {
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  });
  await api.uploadFile(
    "/",
    "stock.xlsx",
    await xlsx([
      ["Name", "Qty"],
      ["apple", "3"],
    ]),
    { mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  );
  await openDrive(page);
  await openPreview(page, "letter.docx");
  await expect(modal(page).getByTestId("docx-preview")).toContainText("Hello DOCX");
  await expect(modal(page).getByTestId("docx-preview")).toContainText("Second paragraph");
  await modal(page).getByRole("button", { name: "Next file" }).click();
  const table = modal(page).getByTestId("xlsx-preview");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toHaveText("apple3");
});

test("epub opens in a paged reader whose book scripts never run", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "book.epub", await epub(["Chapter One", "Chapter Two"]), {
    mimeType: "application/epub+zip",
  });
  await openDrive(page);
  await openPreview(page, "book.epub");
  const reader = modal(page).getByTestId("epub-area");
  await expect(reader.frameLocator("iframe").getByRole("heading", { name: "Chapter One" })).toBeVisible();
  await expect(modal(page).getByText("Chapter 1 of 2")).toBeVisible();
  await modal(page).getByRole("button", { name: "Next page" }).click();
  await expect(reader.frameLocator("iframe").getByRole("heading", { name: "Chapter Two" })).toBeVisible();
  await expect(modal(page).getByRole("button", { name: "Next page" })).toBeDisabled();
  await modal(page).getByRole("button", { name: "Previous page" }).click();
  await expect(reader.frameLocator("iframe").getByRole("heading", { name: "Chapter One" })).toBeVisible();
  expect(await page.evaluate(() => (window as { __epubScriptRan?: boolean }).__epubScriptRan)).toBeUndefined();
  await expect(reader.locator("iframe")).toHaveAttribute("sandbox", "allow-same-origin");
  await expect(reader.frameLocator("iframe").locator("script")).toHaveCount(0);
});

test("a file with no viewer is offered as a download", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "archive.zip", "PK", { mimeType: "application/zip" });
  await openDrive(page);
  await row(page, "archive.zip").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Open" }).click();
  await expect(modal(page).getByText("There is no preview for this kind of file.")).toBeVisible();
  const download = page.waitForEvent("download");
  await modal(page).getByRole("button", { name: "Download" }).last().click();
  expect((await download).suggestedFilename()).toBe("archive.zip");
});

test("with the Rclone Media Proxy set, media play from the proxy by path", async ({ authedPage: page, api }) => {
  await setSettings(page, { rcloneProxy: "http://127.0.0.1:9/media" });
  // The proxy (rclone serve http), answering for that one path; a player that reaches nothing shows its error.
  await page.route("http://127.0.0.1:9/media/**", (route) =>
    new URL(route.request().url()).pathname === "/media/My%20Music/song%20%231.wav"
      ? route.fulfill({ body: wav(1), contentType: "audio/wav" })
      : route.fulfill({ status: 404 }),
  );
  await api.mkdir("/My Music");
  await api.uploadFile("/My Music", "song #1.wav", wav(1), { mimeType: "audio/wav" });
  await openDrive(page, "/My Music");
  await openPreview(page, "song #1.wav");
  await expect(modal(page).locator("audio")).toHaveAttribute(
    "src",
    "http://127.0.0.1:9/media/My%20Music/song%20%231.wav",
  );
  const audio = modal(page).locator("audio");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(1);
});
