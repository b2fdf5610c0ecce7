/** The nginx configuration README.md documents (the fenced block after its "tested" mark). */
export function documentedConfig(): string;

/** Debian's nginx on two loopback ports in front of `upstreamPort`: X-Forwarded-* and RFC 7239 Forwarded. */
export function startNginx(opts: {
  upstreamPort: number;
  timeoutMs?: number;
}): Promise<{ xForwardedUrl: string; forwardedUrl: string; stop: () => Promise<void> }>;
