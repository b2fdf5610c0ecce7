/** Starts a throw-away PostgreSQL cluster from Debian's packages; undefined when none is installed. */
export function startTestPostgres(firstPort?: number): { url: string; stop: () => void } | undefined;
/** The newest installed PostgreSQL's bin directory (/usr/lib/postgresql/<version>/bin), or undefined. */
export function pgBin(): string | undefined;
