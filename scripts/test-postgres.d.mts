/** Starts a throw-away PostgreSQL cluster from Debian's packages; undefined when none is installed. */
export function startTestPostgres(firstPort?: number): { url: string; stop: () => void } | undefined;
