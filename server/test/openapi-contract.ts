import fs from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsPlugin from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";

// ajv-formats is CommonJS (module.exports = plugin); its typings describe an ES default export, so TS sees the namespace.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

interface MediaType {
  schema?: unknown;
  /** ogen's mark for a body written as is (file content): any media type. */
  "x-ogen-raw-response"?: boolean;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, { required?: boolean }>;
}
interface Operation {
  requestBody?: { content?: Record<string, MediaType> };
  /** Absent: no session needed. */
  security?: Record<string, string[]>[];
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const pointerSegment = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");

const DOC_PATH = path.resolve(import.meta.dirname, "../../docs/openapi.json");

/** How strictly a document is read: ours lists every status; Teldrive main's puts errors under `default`. */
export interface ContractOptions {
  /** A 4xx answer may match the operation's `default` response. */
  errorsUnderDefault?: boolean;
  /** Headers a response declares `required` must be present. */
  requiredHeaders?: boolean;
}

/** Validates live responses against an OpenAPI document: docs/openapi.json (our API contract) unless given another. */
export class Contract {
  readonly doc: OpenApiDoc;
  /** `METHOD /template` of every operation a test checked. */
  readonly covered = new Set<string>();
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(
    doc?: OpenApiDoc,
    private readonly options: ContractOptions = {},
  ) {
    this.doc = doc ?? JSON.parse(fs.readFileSync(DOC_PATH, "utf8"));
    addFormats(this.ajv);
    this.ajv.addSchema(this.doc as object, "doc");
  }

  private validator(pointer: string): ValidateFunction {
    let fn = this.cache.get(pointer);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `doc#${pointer}` });
      this.cache.set(pointer, fn);
    }
    return fn;
  }

  /** Problems with a value against a component schema, e.g. "SessionCreate"; empty when it conforms. */
  schemaErrors(name: string, value: unknown): string[] {
    if (!this.doc.components.schemas[name]) return [`no schema ${name} in the document`];
    const fn = this.validator(`/components/schemas/${name}`);
    return fn(value) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
  }

  /** Problems of a JSON request body against the operation's documented body; empty when it conforms. */
  requestErrors(method: string, template: string, body: unknown): string[] {
    const m = method.toLowerCase();
    const op = this.doc.paths[template]?.[m];
    if (!op?.requestBody?.content?.["application/json"]) return [`${method} ${template} documents no JSON body`];
    const fn = this.validator(`/paths/${pointerSegment(template)}/${m}/requestBody/content/application~1json/schema`);
    return fn(body) ? [] : (fn.errors ?? []).map((e) => `request ${e.instancePath || "/"} ${e.message}`);
  }

  /** Everything in the response that the document does not allow; empty when it conforms. */
  responseErrors(method: string, template: string, res: LightMyRequestResponse): string[] {
    const m = method.toLowerCase();
    const op = this.doc.paths[template]?.[m];
    if (!op) return [`${method} ${template} is not in the document`];
    this.covered.add(`${method.toUpperCase()} ${template}`);
    const status = String(res.statusCode);
    if (res.statusCode >= 500) return [`server error ${status}: ${res.body}`];
    const explicit = op.responses[status];
    // Every status the server gives must be listed; `default` only describes the shape of unexpected ones (unless
    // the document lists its errors only there).
    const byDefault = !explicit && this.options.errorsUnderDefault && res.statusCode >= 400;
    const response = byDefault ? op.responses.default : explicit;
    const key = byDefault ? "default" : status;
    if (!response) return [`status ${status} is not documented for ${method} ${template}`];
    if (this.options.requiredHeaders)
      for (const [name, header] of Object.entries(response.headers ?? {}))
        if (header.required && res.headers[name.toLowerCase()] === undefined)
          return [`${status} lacks the required header ${name}`];
    const types = Object.keys(response.content ?? {});
    if (types.length === 0)
      return res.body === "" ? [] : [`expected no body for ${status}, got ${res.body.slice(0, 200)}`];
    const contentType =
      String(res.headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim() ?? "";
    if (types.includes("application/json")) {
      if (contentType !== "application/json") return [`expected application/json, got "${contentType}"`];
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        return [`body is not JSON: ${res.body.slice(0, 200)}`];
      }
      const pointer = `/paths/${pointerSegment(template)}/${m}/responses/${key}/content/application~1json/schema`;
      const fn = this.validator(pointer);
      return fn(body)
        ? []
        : (fn.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message} (${JSON.stringify(e.params)})`);
    }
    if (types.includes("*/*") || types.includes(contentType)) return [];
    if (Object.values(response.content ?? {}).some((t) => t["x-ogen-raw-response"])) return [];
    return [`content type "${contentType}" is not one of ${types.join(", ")}`];
  }
}

/**
 * "METHOD /template" of every route in `app.printRoutes({ commonPrefix: false })` under `/api`, with `:x`
 * written `{x}` and without the implicit HEAD routes. Fastify offers no route list, only this tree.
 */
export function routesFromTree(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1]?.length ?? 0) / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    const full = stack.join("");
    if (!full.startsWith("/api/")) continue;
    const template = full.slice(4).replace(/:(\w+)/g, "{$1}");
    for (const method of (match[3] ?? "").split(", ")) if (method !== "HEAD") routes.push(`${method} ${template}`);
  }
  return routes;
}
