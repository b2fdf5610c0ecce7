// Hostile, very long, right-to-left and emoji names render as text everywhere and never run as markup.
import { expect, type Page, test } from "../../fixtures.js";

const IMG = "<img src=x onerror=alert(1)>";
const SCRIPT = '"><script>alert(1)';
const SVG = "'><svg onload=alert(2)>";
const LONG = `${"L".repeat(251)}.txt`;
const RTL = "\u202Etxt.exe";
const ARABIC = "مستند سري.txt";
const EMOJI = "📁 Fotos 🎉👨‍👩‍👧.txt";
const FILES = [`${IMG}.txt`, SCRIPT, SVG, LONG, RTL, ARABIC, EMOJI];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const row = (page: Page, name: string) => page.getByRole("row", { name: new RegExp(`^${escapeRegExp(name)},`) });

/** Collects every alert/confirm/prompt the page raises: a hostile name that ran as script shows up here. */
function watchDialogs(page: Page): string[] {
  const raised: string[] = [];
  page.on("dialog", async (d) => {
    raised.push(d.message());
    await d.dismiss();
  });
  return raised;
}

async function expectNoInjectedMarkup(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator("svg[onload]")).toHaveCount(0);
  await expect(page.locator("script:not([src])")).toHaveCount(0);
}

test("a name with `/` is refused, so `</script>` can never be a name", async ({ api }) => {
  const res = await api.request.post("/api/files", {
    data: { name: '"><script>alert(1)</script>', type: "folder", path: "/" },
  });
  expect(res.status()).toBe(400);
});

test("hostile names render as text in list, grid, breadcrumbs, dialogs and toasts", async ({ page, api }) => {
  const raised = watchDialogs(page);
  expect(Buffer.byteLength(LONG)).toBe(255);
  await api.createFolder(IMG, "/");
  await api.mkdir(`/${IMG}/${EMOJI}`);
  for (const name of FILES) await api.uploadFile("/", name, `bytes of ${name}`);
  await api.uploadFile(`/${IMG}`, `${SCRIPT}.md`, "inner");

  await page.goto("/my-drive?path=/");
  for (const name of [IMG, ...FILES]) await expect(row(page, name), name).toBeVisible();
  await expectNoInjectedMarkup(page);

  await page.getByRole("button", { name: "Grid view" }).click();
  for (const name of [IMG, SCRIPT, ARABIC, EMOJI])
    await expect(page.getByRole("main").getByText(name, { exact: true }).first(), `grid: ${name}`).toBeVisible();
  await expectNoInjectedMarkup(page);
  await page.getByRole("button", { name: "List view" }).click();

  // Breadcrumbs: two hostile folder levels deep.
  await page.goto(`/my-drive?path=${encodeURIComponent(`/${IMG}/${EMOJI}`)}`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  await expect(crumbs.getByText(IMG, { exact: true })).toBeVisible();
  await expect(crumbs.getByText(EMOJI, { exact: true })).toBeVisible();
  await expectNoInjectedMarkup(page);

  // Dialogs and toasts: rename one hostile name to another, then the delete confirmation.
  await page.goto(`/my-drive?path=${encodeURIComponent(`/${IMG}`)}`);
  await row(page, `${SCRIPT}.md`).click();
  await page.keyboard.press("F2");
  const rename = page.getByRole("dialog");
  await expect(rename.getByRole("textbox")).toHaveValue(`${SCRIPT}.md`);
  await rename.getByRole("textbox").fill(SVG);
  await rename.getByRole("textbox").press("Enter");
  await expect(row(page, SVG)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: SVG }).first()).toBeVisible();
  await row(page, SVG).click();
  await page.keyboard.press("Delete");
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByText(SVG, { exact: true }).first()).toBeVisible();
  await expectNoInjectedMarkup(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();

  expect(raised).toEqual([]);
});

test("hostile names render as text on the share page", async ({ page, api, browser, baseURL }) => {
  await api.createFolder(IMG, "/");
  for (const name of [SCRIPT, SVG, LONG, RTL, EMOJI]) await api.uploadFile(`/${IMG}`, name, "shared");
  await api.mkdir(`/${IMG}/${ARABIC}`);
  const folder = (await api.list("/")).items.find((f) => f.name === IMG);
  const shareId = await api.share(folder?.id ?? "");

  const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const share = await visitor.newPage();
  const raised = watchDialogs(share);
  await share.goto(`/share/${shareId}`);
  for (const name of [SCRIPT, SVG, LONG, RTL, EMOJI, ARABIC])
    await expect(share.getByText(name, { exact: true }).first(), name).toBeVisible();
  await expect(share.getByText(IMG, { exact: true }).first()).toBeVisible();
  await expectNoInjectedMarkup(share);
  expect(raised).toEqual([]);
  await visitor.close();
});

test("a markdown preview (of a hostile name) renders hostile markup as text and runs no script", async ({
  page,
  api,
}) => {
  const raised = watchDialogs(page);
  await api.uploadFile(
    "/",
    `${IMG}.md`,
    `# Title\n\n<img src=x onerror=alert(1)>\n\n<script>alert(2)</script>\n\n[link](javascript:alert(3))\n`,
    { mimeType: "text/markdown" },
  );
  await page.goto("/my-drive?path=/");
  await row(page, `${IMG}.md`).dblclick();
  const preview = page.getByRole("dialog");
  await expect(preview.getByRole("heading", { name: "Title" })).toBeVisible();
  await expect(preview.getByText(`${IMG}.md`, { exact: true }).first()).toBeVisible();
  await expectNoInjectedMarkup(page);
  const link = preview.getByRole("link", { name: "link" });
  if ((await link.count()) > 0) expect(await link.getAttribute("href")).not.toMatch(/^javascript:/i);
  expect(raised).toEqual([]);
});
