import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { Contract, type OpenApiDoc } from "./openapi-contract.js";

/**
 * Teldrive main's OpenAPI document ("API-B", MIT, the Teldrive project), read where the project's shared material
 * sits beside the repository (`../shared/api/`, on every developer's machine and in CI); it is not copied in.
 */
export const TELDRIVE_MAIN_YAML = path.resolve(import.meta.dirname, "../../../shared/api/teldrive-main-openapi.yaml");

/** A contract that validates answers against Teldrive main's document, whose errors are all under `default`. */
export function teldriveMainContract(): Contract {
  const doc = parse(fs.readFileSync(TELDRIVE_MAIN_YAML, "utf8")) as OpenApiDoc;
  return new Contract(doc, { errorsUnderDefault: true, requiredHeaders: true });
}
