import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import { formatSize } from "@/lib/format-size";
import { categoryColor } from "../lib/category-colors";
import type { CategoryRow } from "../lib/storage-summary";

/** Share of space per category; hidden from assistive technology because the table beside it carries the same numbers. */
export function CategoriesChart({ rows }: { rows: CategoryRow[] }) {
  return (
    <div className="h-64 w-full" aria-hidden data-testid="categories-chart">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            rootTabIndex={-1}
            data={rows}
            dataKey="bytes"
            nameKey="label"
            innerRadius="55%"
            outerRadius="90%"
            paddingAngle={2}
            // The gaps between slices are the page's own surface, not white (which glared in dark).
            stroke="var(--color-surface)"
          >
            {rows.map((row, i) => (
              <Cell key={row.category} fill={categoryColor(i)} />
            ))}
          </Pie>
          <Tooltip
            formatter={(value, _name, entry) => [
              `${formatSize(Number(value))} · ${(entry.payload as CategoryRow).files} files`,
              (entry.payload as CategoryRow).label,
            ]}
            contentStyle={{ background: "var(--color-surface-container-high)", border: "none", borderRadius: 12 }}
          />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
