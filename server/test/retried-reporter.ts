import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every test that passed only on its retry (vitest.config.ts `retry`): the run stays green, and the line
 * (repeated in `npm test`'s summary) says which test to make sturdier.
 */
export default class RetriedReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && testCase.result().state === "passed") {
      console.log(`flaky: ${testCase.module.relativeModuleId} › ${testCase.fullName} (passed on retry ${retries})`);
    }
  }
}
