/** RFC 3339 in UTC with whole seconds, as Teldrive writes timestamps: "2024-05-01T12:00:00Z". */
export const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d+Z$/, "Z");
