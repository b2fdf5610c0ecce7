import { expect, test } from "../../fixtures.js";

test("the app shell loads for a signed-in user and the API answers", async ({ authedPage: page, api }) => {
  await expect(page).toHaveURL(/\/my-drive\?path=%2F|\/my-drive\?path=\//);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("navigation").first()).toBeVisible();

  const session = await api.session();
  expect(session.userId).toBeGreaterThan(0);
  const root = await api.list("/");
  expect(root.items).toEqual([]);
});

test("/api/version answers without a session", async ({ request }) => {
  const res = await request.get("/api/version");
  expect(res.status()).toBe(200);
  expect(await res.json()).toHaveProperty("version");
});
