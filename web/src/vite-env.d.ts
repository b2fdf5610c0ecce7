/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the link from Settings > Info's version to its source commit; the short SHA is appended. */
  readonly VITE_SOURCE_COMMIT_URL?: string;
}
