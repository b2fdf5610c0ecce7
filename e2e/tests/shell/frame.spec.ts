import { expect, test } from "../../fixtures.js";
import { expectTheme, inEveryScheme, isPhone, mainNav } from "./matrix.js";

inEveryScheme("header and navigation", (scheme) => {
  test("navigation: My Drive, Recent, Shared, Starred, Storage, Trash with the current one marked", async ({
    authedPage: page,
  }) => {
    await expectTheme(page, scheme);
    const nav = mainNav(page);
    // One "Shared" for shared files and their links (shared-links.spec.ts): no second entry for nearly the same list.
    await expect(nav.getByRole("link")).toHaveText(
      isPhone()
        ? ["My Drive", "Recent", "Shared", "Starred", "Storage", "Trash"]
        : ["My Drive", "Recent", "Photos", "Shared", "Starred", "Storage", "Trash", "Imports", "File requests"],
    );
    // The side navigation shows from md (576px) up; below it the bottom bar takes its place.
    const box = await nav.boundingBox();
    if (isPhone()) expect(box?.y ?? 0).toBeGreaterThan(700);
    else expect(box?.x ?? 1).toBeLessThan(10);

    await expect(nav.getByRole("link", { name: "My Drive" })).toHaveAttribute("aria-current", "page");
    for (const [name, url] of [
      ["Recent", /\/recent$/],
      ...(isPhone() ? [] : ([["Photos", /\/photos$/]] as const)),
      ["Shared", /\/shared$/],
      ["Starred", /\/starred$/],
      ["Storage", /\/storage$/],
      ["Trash", /\/trash$/],
      ...(isPhone()
        ? []
        : ([
            ["Imports", /\/jobs$/],
            ["File requests", /\/file-requests$/],
          ] as const)),
      ["My Drive", /\/my-drive\?path=%2F$/],
    ] as const) {
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
    }
  });

  test("the logo leads to the drive root", async ({ authedPage: page }) => {
    await page.goto("/settings/general");
    await page.getByRole("banner").getByRole("link", { name: "Drive" }).click();
    await expect(page).toHaveURL(/\/my-drive\?path=%2F$/);
  });

  test("user menu: avatar, name, Settings and Logout", async ({ authedPage: page, api }) => {
    const session = await api.session();
    const account = page.getByRole("button", { name: "Account menu" });
    await expect(account.getByRole("img", { name: session.name })).toBeVisible();
    await expect(account.getByRole("img")).toHaveAttribute("src", "/api/users/profile/profile.jpeg");

    await account.click();
    await expect(page.getByRole("menu").getByText(session.name)).toBeVisible();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings\/general$/);

    await account.click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // The session is over on the server too.
    expect((await api.request.get("/api/auth/session")).status()).toBe(204);
    await page.goto("/recent");
    await expect(page).toHaveURL(/\/login\?redirect=%2Frecent$/);
  });

  test("theme menu: Light, Dark and System, remembered across loads", async ({ authedPage: page }) => {
    const other = scheme === "dark" ? "light" : "dark";
    const themeButton = page.getByRole("button", { name: "Theme" });
    await themeButton.click();
    await expect(page.getByRole("menuitemradio")).toHaveText(["Light", "Dark", "System"]);
    await expect(page.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
    await page.getByRole("menuitemradio", { name: other === "dark" ? "Dark" : "Light" }).click();
    await expectTheme(page, other);

    await page.reload();
    await expectTheme(page, other);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toContain(`"theme":"${other}"`);

    await themeButton.click();
    await page.getByRole("menuitemradio", { name: "System" }).click();
    await expectTheme(page, scheme);
    // System follows the OS live.
    await page.emulateMedia({ colorScheme: other });
    await expectTheme(page, other);
    await page.emulateMedia({ colorScheme: scheme });
    await expectTheme(page, scheme);
  });

  test("the stored theme and colours apply before the app runs (no flash)", async ({ authedPage: page }) => {
    const other = scheme === "dark" ? "light" : "dark";
    await page.evaluate((theme) => {
      localStorage.setItem("theme", JSON.stringify({ state: { theme }, version: 0 }));
      const roles = { "--md-primary": "#123456" };
      localStorage.setItem(
        "colorScheme",
        JSON.stringify({ state: { sourceColor: "#ff8a80", styles: { light: roles, dark: roles } }, version: 0 }),
      );
    }, other);
    // With the app's scripts blocked, only the boot script in <head> can have set these.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    await expectTheme(page, other);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--md-primary").trim(),
    );
    expect(primary).toBe("#123456");
  });
});
