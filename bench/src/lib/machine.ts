// One line describing where the numbers were measured.
import { execFileSync } from "node:child_process";
import os from "node:os";
import { CHROMIUM } from "./environment.js";

export function describeMachine(): string {
  const cpus = os.cpus();
  let chromium = "unknown";
  try {
    chromium = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    // Reported as unknown.
  }
  const gib = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, ${gib} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ${chromium}`;
}
