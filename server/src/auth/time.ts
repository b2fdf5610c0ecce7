/** RFC 3339 with whole seconds, as Teldrive writes timestamps. */
export const rfc3339 = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
