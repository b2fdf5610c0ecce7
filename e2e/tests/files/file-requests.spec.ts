import { expect, type Page, test } from "../../fixtures.js";
import { keepNotices } from "../../lib/notices.js";

// File requests (issue 26 item 22): the owner makes a link for a folder in the browser, someone without an account
// uploads through it in another browser, and the owner's open tab shows the files and a notice as they arrive.

const grid = (page: Page) => page.getByRole("grid").first();
const row = (page: Page, name: string) => grid(page).getByRole("row").filter({ hasText: name });

/** Opens `url` and waits until the tab's event stream is connected, so what arrives afterwards is pushed to it. */
async function openLive(page: Page, url: string) {
  const live = page.waitForResponse((r) => r.url().includes("/api/events/stream") && r.status() === 200);
  await page.goto(url);
  await live;
}

/** "Request files…" from the folder's menu; returns the link the dialog shows. */
async function requestFiles(page: Page, folder: string, fill: Record<string, string>) {
  await row(page, folder).click({ button: "right" });
  await page.getByRole("menuitem", { name: "Request files…" }).click();
  const dialog = page.getByRole("dialog", { name: `Request files into "${folder}"` });
  for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole("button", { name: "Create link" }).click();
  const link = await dialog.getByLabel("Link").inputValue();
  expect(link).toMatch(/\/request\/[0-9a-f-]{36}$/);
  await dialog.getByRole("button", { name: "Done" }).click();
  return new URL(link).pathname;
}

const file = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

/** Picks files with the page's "Choose files" button, as a visitor does. */
async function choose(tab: Page, files: ReturnType<typeof file>[]) {
  const chooser = tab.waitForEvent("filechooser");
  await tab.getByRole("button", { name: "Choose files" }).click();
  await (await chooser).setFiles(files);
}

test("a visitor without an account uploads through the link; the owner's open tab shows the files and a notice", async ({
  authedPage: page,
  api,
  browser,
  baseURL,
}) => {
  const inbox = await api.createFolder("Inbox");
  await api.uploadFile("/Inbox", "notes.txt", "the owner's notes", { mimeType: "text/plain" });
  const notices = await keepNotices(page);
  await openLive(page, "/my-drive");
  const link = await requestFiles(page, "Inbox", { "Title (optional)": "Receipts" });
  // The owner keeps the folder open while files arrive.
  await row(page, "Inbox").dblclick();
  await expect(page).toHaveURL(/path=%2FInbox|path=\/Inbox/);
  await expect(row(page, "notes.txt")).toBeVisible();

  const visitor = await browser.newContext({ baseURL });
  const tab = await visitor.newPage();
  await tab.goto(link);
  await expect(tab.getByRole("heading", { level: 1, name: "Receipts" })).toBeVisible();
  await expect(tab.getByText('Your files go to the folder "Inbox"')).toBeVisible();
  // Nothing of the folder shows: not the owner's file.
  await expect(tab.getByText("notes.txt")).toHaveCount(0);
  await choose(tab, [file("march.txt", "march"), file("april.txt", "april"), file("notes.txt", "visitor's notes")]);
  const uploads = tab.getByRole("list", { name: "Your uploads" });
  await expect(uploads.getByRole("listitem", { name: "march.txt" })).toContainText("Uploaded");
  await expect(uploads.getByRole("listitem", { name: "april.txt" })).toContainText("Uploaded");
  // A name the folder already holds gets a new one: the owner's file is never replaced.
  await expect(uploads.getByRole("listitem", { name: "notes.txt" })).toContainText('Uploaded as "notes (1).txt"');

  // The owner's tab, never reloaded, shows what arrived and says so.
  for (const name of ["march.txt", "april.txt", "notes (1).txt"]) await expect(row(page, name)).toBeVisible();
  await expect.poll(notices).toContainEqual(expect.stringMatching(/arrived in "Inbox" via request "Receipts"/));
  const owners = await api.list("/Inbox");
  const notes = owners.items.find((f) => f.name === "notes.txt");
  expect(notes?.size).toBe("the owner's notes".length);
  expect(owners.items.every((f) => f.parentId === inbox.id)).toBe(true);

  // The request list counts what arrived; revoking it closes the link.
  await page.goto("/file-requests");
  const listed = page.getByRole("list", { name: "Your file requests" }).getByRole("listitem", { name: "Receipts" });
  await expect(listed).toContainText("3 files received");
  await listed.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("File request revoked")).toBeVisible();
  await tab.reload();
  await expect(tab.getByRole("alert")).toHaveText(/This link does not work any more/);
  await visitor.close();
});

test("a protected request with a size limit: wrong password, then the right one; a file too big is refused", async ({
  authedPage: page,
  api,
  browser,
  baseURL,
}) => {
  await api.createFolder("Scans");
  await page.goto("/my-drive");
  const link = await requestFiles(page, "Scans", {
    "Password (optional)": "open sesame",
    "Largest file, MB (optional)": "0.001",
  });

  const visitor = await browser.newContext({ baseURL });
  const tab = await visitor.newPage();
  await tab.goto(link);
  await expect(tab.getByText("This request takes files up to 1 KB.")).toBeVisible();
  await tab.getByLabel("Password").fill("guess");
  await tab.getByRole("button", { name: "Continue" }).click();
  await expect(tab.getByText("Wrong password.")).toBeVisible();
  await tab.getByLabel("Password").fill("open sesame");
  await tab.getByRole("button", { name: "Continue" }).click();
  await choose(tab, [file("big.txt", "x".repeat(2048)), file("small.txt", "fits")]);
  const uploads = tab.getByRole("list", { name: "Your uploads" });
  await expect(uploads.getByRole("listitem", { name: "big.txt" })).toContainText(
    "Too big: this request takes files up to 1 KB.",
  );
  await expect(uploads.getByRole("listitem", { name: "small.txt" })).toContainText("Uploaded");
  // Dropped from the desktop rather than picked.
  const dropped = await tab.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(["dropped"], "dropped.txt", { type: "text/plain" }));
    return data;
  });
  await tab.getByRole("region", { name: "Drop files to upload" }).dispatchEvent("drop", { dataTransfer: dropped });
  await expect(uploads.getByRole("listitem", { name: "dropped.txt" })).toContainText("Uploaded");
  expect((await api.list("/Scans")).items.map((f) => f.name)).toEqual(["dropped.txt", "small.txt"]);
  await visitor.close();
});
