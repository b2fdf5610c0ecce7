import type { LanguageFn } from "highlight.js";

type Loader = () => Promise<{ default: LanguageFn }>;

/** highlight.js grammars by file extension, each its own chunk loaded when a file needs it. */
const LOADERS: Record<string, [string, Loader]> = {
  c: ["c", () => import("highlight.js/lib/languages/c")],
  cpp: ["cpp", () => import("highlight.js/lib/languages/cpp")],
  js: ["javascript", () => import("highlight.js/lib/languages/javascript")],
  jsx: ["javascript", () => import("highlight.js/lib/languages/javascript")],
  java: ["java", () => import("highlight.js/lib/languages/java")],
  sh: ["bash", () => import("highlight.js/lib/languages/bash")],
  cs: ["csharp", () => import("highlight.js/lib/languages/csharp")],
  py: ["python", () => import("highlight.js/lib/languages/python")],
  css: ["css", () => import("highlight.js/lib/languages/css")],
  html: ["xml", () => import("highlight.js/lib/languages/xml")],
  vue: ["xml", () => import("highlight.js/lib/languages/xml")],
  ts: ["typescript", () => import("highlight.js/lib/languages/typescript")],
  tsx: ["typescript", () => import("highlight.js/lib/languages/typescript")],
  rs: ["rust", () => import("highlight.js/lib/languages/rust")],
  json: ["json", () => import("highlight.js/lib/languages/json")],
  yml: ["yaml", () => import("highlight.js/lib/languages/yaml")],
  yaml: ["yaml", () => import("highlight.js/lib/languages/yaml")],
  toml: ["ini", () => import("highlight.js/lib/languages/ini")],
  diff: ["diff", () => import("highlight.js/lib/languages/diff")],
};

/** A fence's language names beyond the extensions above (```typescript, ```shell ...). */
const ALIASES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(LOADERS).map(([ext, [name]]) => [name, ext])),
  shell: "sh",
  zsh: "sh",
  yml: "yml",
  "c++": "cpp",
  "c#": "cs",
  rust: "rs",
  ini: "toml",
};

/**
 * The grammar for a file extension or a fenced code block's language (`ts`, `typescript`); undefined for plain text
 * (txt, log, srt, vtt, unknown).
 */
export function languageFor(language: string): { name: string; load: Loader } | undefined {
  const key = language.toLowerCase();
  const entry = LOADERS[key] ?? LOADERS[ALIASES[key] ?? ""];
  return entry ? { name: entry[0], load: entry[1] } : undefined;
}
