import { expect, test } from "../../fixtures.js";
import { expectTheme, inEveryScheme, searchParam } from "./matrix.js";

inEveryScheme("routes and guards", (scheme) => {
  test("signed out: every app route sends to /login with the address to come back to", async ({ page }) => {
    await page.goto("/my-drive?path=%2FDocs");
    await expect(page).toHaveURL(/\/login\?/);
    expect(searchParam(page, "redirect")).toBe("/my-drive?path=%2FDocs");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expectTheme(page, scheme);
    // The sign-in layout has no signed-in parts.
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

    await page.goto("/settings/account");
    await expect(page).toHaveURL(/\/login\?/);
    expect(searchParam(page, "redirect")).toBe("/settings/account");

    await page.goto("/");
    await expect(page).toHaveURL(/\/login\?/);
    expect(searchParam(page, "redirect")).toBe("/my-drive?path=%2F");
  });

  test("/ replaces itself with /my-drive?path=/", async ({ authedPage: page }) => {
    await page.goto("/settings/info");
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/my-drive\?path=%2F$/);
    await expectTheme(page, scheme);
    // Replaced, not pushed: going back skips "/".
    await page.goBack();
    await expect(page).toHaveURL(/\/settings\/info$/);
  });

  test("a signed-in user is sent from /login to the drive", async ({ authedPage: page }) => {
    await page.goto("/login?redirect=%2Fsettings%2Fgeneral");
    await expect(page).toHaveURL(/\/my-drive\?path=%2F$/);
  });

  test("an unknown view shows the Error screen with 'invalid path'", async ({ authedPage: page }) => {
    await page.goto("/not-a-view");
    await expect(page.getByRole("heading", { name: "Error", level: 1 })).toBeVisible();
    await expect(page.getByText("invalid path", { exact: true })).toBeVisible();
  });

  test("a session that ends mid-use sends the next call to sign-in and back", async ({ authedPage: page, api }) => {
    await page.goto("/settings/general");
    await expect(page.getByRole("heading", { name: "General" })).toBeVisible();
    const { hash } = await api.session();
    // The page's context shares this cookie jar: the server ends the session and clears the cookie.
    expect((await api.request.delete(`/api/users/sessions/${hash}`)).status()).toBe(204);
    await page.getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(searchParam(page, "redirect")).toBe("/settings/account");
  });
});
