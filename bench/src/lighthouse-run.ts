// Lighthouse (npm package) against the bench's Chromium over its debugging port, reusing the signed-in profile.
import lighthouse from "lighthouse";
import type { BrowserContext } from "playwright-core";

export interface LighthouseResult {
  path: string;
  performance: number | undefined;
  accessibility: number | undefined;
  bestPractices: number | undefined;
  lcpMs: number | undefined;
  cls: number | undefined;
  tbtMs: number | undefined;
}

export async function runLighthouse(port: number, url: string, label = url): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    // Keep the session cookie the profile already holds.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => {
    const s = categories[id]?.score;
    return typeof s === "number" ? Math.round(s * 100) : undefined;
  };
  return {
    path: label,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: audits["largest-contentful-paint"]?.numericValue,
    cls: audits["cumulative-layout-shift"]?.numericValue,
    tbtMs: audits["total-blocking-time"]?.numericValue,
  };
}

/** /login signed out (a signed-in user is sent on), /my-drive signed in with the seeded data. */
export async function runLighthousePages(
  context: BrowserContext,
  port: number,
  baseURL: string,
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  const cookies = await context.cookies();
  await context.clearCookies();
  try {
    results.push(await runLighthouse(port, `${baseURL}/login`, "/login"));
  } finally {
    await context.addCookies(cookies);
  }
  results.push(await runLighthouse(port, `${baseURL}/my-drive?path=/`, "/my-drive"));
  return results;
}
