// Issue 11: every control on the main pages is at least 44x44 px on a phone (48 where it can be).
import { expect, type Page, test } from "../../fixtures.js";
import { createEmptyFile } from "../browsing/seed.js";

/** Every control a finger might aim at on the page, with its size: label-wrapped inputs count as their label. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="menuitem"], [role="tab"]';
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden" || el.closest("[aria-hidden=true]")) continue;
      if (el.classList.contains("sr-only") || el.closest(".sr-only")) continue;
      let target: HTMLElement = el;
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        target =
          el.closest("label") ?? (el.id ? document.querySelector<HTMLElement>(`label[for="${el.id}"]`) : null) ?? el;
      }
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < 44 || r.height < 44) {
        const name = el.getAttribute("aria-label") || el.textContent?.trim() || el.tagName;
        out.push(`${name} (${Math.round(r.width)}x${Math.round(r.height)})`);
      }
    }
    return out;
  });
}

test("touch targets are at least 44 px on a phone", async ({ authedPage: page, api }) => {
  await api.mkdir("/Photos/Trips");
  await createEmptyFile(api.request, { name: "beach.jpg", path: "/Photos", mimeType: "image/jpeg" });
  await page.goto("/my-drive?path=/Photos/Trips");
  await expect(page.getByRole("grid", { name: "My Drive /Photos/Trips" }).getByText("No items.")).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);

  await page.goto("/my-drive?path=/Photos");
  await expect(page.getByRole("grid", { name: "My Drive /Photos" }).getByRole("row", { name: /^beach/ })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);

  await page.getByRole("button", { name: "Search filters" }).click();
  await expect(page.getByRole("form", { name: "Search filters" })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await page.getByRole("form", { name: "Search filters" }).getByRole("textbox", { name: "Search" }).fill("beach");
  await page.getByRole("form", { name: "Search filters" }).getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("grid", { name: "Search results" }).getByRole("row", { name: /^beach/ })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
});
