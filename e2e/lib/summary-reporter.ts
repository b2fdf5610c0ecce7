// Prints one closing line with the counts, so `npm test` logs end with an easy-to-find e2e result.
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
  private failed: string[] = [];
  private flaky: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry < test.retries && result.status !== "passed" && result.status !== "skipped") return;
    const outcome = test.outcome();
    const name = `${test.parent.project()?.name ?? ""} › ${test.titlePath().slice(2).join(" › ")}`;
    if (outcome === "expected") this.counts.passed++;
    else if (outcome === "flaky") {
      this.counts.flaky++;
      this.flaky.push(name);
    } else if (outcome === "skipped") this.counts.skipped++;
    else {
      this.counts.failed++;
      this.failed.push(name);
    }
  }

  onEnd(result: FullResult) {
    const { passed, failed, flaky, skipped } = this.counts;
    for (const f of this.flaky) console.log(`flaky: ${f} (passed on its retry)`);
    for (const f of this.failed) console.log(`  failed: ${f}`);
    console.log(`e2e: ${passed} passed, ${failed} failed, ${flaky} flaky, ${skipped} skipped (${result.status})`);
  }

  printsToStdio() {
    return false;
  }
}
