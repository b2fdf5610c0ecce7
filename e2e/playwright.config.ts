import { defineConfig, devices } from "@playwright/test";

/*
 * Projects:
 * - desktop (1280x800) runs every spec except `*.phone.spec.ts`.
 * - phone (390x844, touch) runs only specs that opt in: tests or describes tagged `@phone`
 *   (`test("…", { tag: "@phone" }, …)`), which then run in both projects, and files named `*.phone.spec.ts`,
 *   which run only there. Branch on `test.info().project.name === "phone"` where the two differ.
 */
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests",
  globalSetup: "./global-setup.ts",
  workers: 2,
  // A test that fails once on a busy machine and passes on its retry is listed as flaky by name (summary-reporter.ts),
  // not made red; one that fails twice is red.
  retries: 1,
  fullyParallel: false,
  forbidOnly: true,
  // Generous bounds, not synchronisation: every wait is for something a user would see. A busy machine (up to six
  // engineers' suites on two cores) makes the run slower, and these leave it room to be.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [["list"], ["./lib/summary-reporter.ts"]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /\.phone\.spec\.ts$/,
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      grep: [/@phone/, /\.phone\.spec\.ts/],
      use: {
        ...chromium,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
