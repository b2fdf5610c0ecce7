import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatSize } from "@/lib/format-size";
import type { UploadBar } from "../lib/storage-summary";

/** Daily uploaded bytes as bars, JEDEC units on the axis and in the tooltip. */
export function UploadsChart({ bars }: { bars: UploadBar[] }) {
  return (
    <figure className="mt-4">
      <div className="h-64 w-full" data-testid="uploads-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-outline-variant)" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: "var(--color-on-surface-variant)" }} minTickGap={16} />
            <YAxis
              tickFormatter={(value: number) => formatSize(value)}
              // Nothing uploaded yet: an axis up to 1 KB, not 0 to 4 bytes.
              domain={[0, (dataMax: number) => Math.max(dataMax, 1024)]}
              allowDecimals={false}
              tick={{ fontSize: 12, fill: "var(--color-on-surface-variant)" }}
              width={72}
            />
            <Tooltip
              formatter={(value) => [formatSize(Number(value)), "Uploaded"]}
              contentStyle={{ background: "var(--color-surface-container-high)", border: "none", borderRadius: 12 }}
              cursor={{ fill: "var(--color-on-surface)", fillOpacity: 0.06 }}
            />
            <Bar dataKey="bytes" name="Uploaded" fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {bars
          .filter((b) => b.bytes > 0)
          .map((b) => `${b.label}: ${formatSize(b.bytes)}`)
          .join("; ") || "Nothing uploaded in this period."}
      </figcaption>
    </figure>
  );
}
