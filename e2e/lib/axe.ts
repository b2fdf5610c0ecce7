// Axe checks that fail on serious or critical violations, with a readable list of what broke where.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export interface AxeOptions {
  /** Limit the scan to this selector (e.g. an open dialog); whole page otherwise. */
  include?: string;
  /** Rule ids to leave out, each with a reason in the caller. */
  disableRules?: string[];
  /** Run only these rules (e.g. colour contrast for a second colour scheme: the other rules do not change). */
  onlyRules?: string[];
}

/** What a second colour scheme can break: colours only. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Runs axe on the page as it is now; any serious or critical violation fails the test (softly, so one sweep
 * reports every page and dialog that has problems).
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string, opts: AxeOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  builder = opts.onlyRules?.length ? builder.withRules(opts.onlyRules) : builder.withTags(TAGS);
  if (opts.include) builder = builder.include(opts.include);
  if (opts.disableRules?.length) builder = builder.disableRules(opts.disableRules);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")}  ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`)
        .join("\n")}`,
  );
  expect.soft(report, `accessibility of ${what}`).toEqual([]);
}
