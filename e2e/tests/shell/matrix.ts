// Every shell spec runs in light and dark (the OS colour scheme; the app's default theme follows it),
// and in both Playwright projects (desktop 1280x800, phone 390x844) through the @phone tag.
import { expect, type Page, test } from "../../fixtures.js";

export const COLOR_SCHEMES = ["light", "dark"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** Runs `body` once per colour scheme, in a describe that both projects pick up. */
export function inEveryScheme(title: string, body: (scheme: ColorScheme) => void): void {
  for (const scheme of COLOR_SCHEMES) {
    test.describe(`${title} (${scheme})`, { tag: "@phone" }, () => {
      test.use({ colorScheme: scheme });
      body(scheme);
    });
  }
}

export const isPhone = () => test.info().project.name === "phone";

/** The document carries the theme class that matches the scheme: nothing was stored, so it follows the OS. */
export async function expectTheme(page: Page, scheme: ColorScheme): Promise<void> {
  await expect(page.locator("html")).toHaveClass(new RegExp(`(^|\\s)${scheme}(\\s|$)`));
}

/** The visible main navigation: the side navigation on desktop, the bottom bar on a phone. */
export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).locator("visible=true");
}

/** The search param `name` of the page's current URL. */
export function searchParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}
