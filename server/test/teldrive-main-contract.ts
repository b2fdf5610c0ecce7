import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { Contract, type OpenApiDoc } from "./openapi-contract.js";

/** Teldrive main's OpenAPI document ("API-B"), docs/teldrive-main-openapi.yaml (unchanged, MIT). */
export const TELDRIVE_MAIN_YAML = path.resolve(import.meta.dirname, "../../docs/teldrive-main-openapi.yaml");

/** A contract that validates answers against Teldrive main's document, whose errors are all under `default`. */
export function teldriveMainContract(): Contract {
  const doc = parse(fs.readFileSync(TELDRIVE_MAIN_YAML, "utf8")) as OpenApiDoc;
  return new Contract(doc, { errorsUnderDefault: true, requiredHeaders: true });
}
