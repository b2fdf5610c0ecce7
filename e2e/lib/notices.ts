import type { Page } from "@playwright/test";

type NoticeWindow = Window & { __notices?: string[] };

/**
 * Keeps the text of every notification (`role="status"`) `page` shows from its next navigation on, however briefly.
 * A success toast shows for 2 s; a test that first waits for other things on a busy machine could look after it left.
 * Returns a reader for `expect.poll`.
 */
export async function keepNotices(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as NoticeWindow).__notices = seen;
    const note = () => {
      for (const el of document.querySelectorAll('[role="status"]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as NoticeWindow).__notices ?? []);
}
