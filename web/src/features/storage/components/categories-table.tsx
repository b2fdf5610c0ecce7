import { Link } from "@tanstack/react-router";
import { formatSize } from "@/lib/format-size";
import { categoryColor } from "../lib/category-colors";
import { type CategoryRow, totals } from "../lib/storage-summary";

/** Categories with file counts and sizes; each opens its browse view. */
export function CategoriesTable({ rows }: { rows: CategoryRow[] }) {
  const sum = totals(rows);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Files and space per category</caption>
      <thead>
        <tr className="border-b border-outline-variant text-left text-on-surface-variant">
          <th scope="col" className="py-2 font-medium">
            Category
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Files
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Size
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={row.category} className="border-b border-outline-variant/50">
            <th scope="row" className="py-2 text-left font-normal">
              {/* The key to the donut's colour; the name beside it says the same to a screen reader. */}
              <span
                aria-hidden
                data-testid="category-key"
                className="mr-2 inline-block size-3 rounded-full align-middle"
                style={{ background: categoryColor(i) }}
              />
              <Link
                to="/$view"
                params={{ view: "browse" }}
                search={{ category: row.category }}
                className="text-primary underline-offset-2 hover:underline"
              >
                {row.label}
              </Link>
            </th>
            <td className="py-2 text-right tabular-nums">{row.files}</td>
            <td className="py-2 text-right tabular-nums">{formatSize(row.bytes)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-medium">
          <th scope="row" className="py-2 text-left">
            Total
          </th>
          <td className="py-2 text-right tabular-nums">{sum.files}</td>
          <td className="py-2 text-right tabular-nums">{formatSize(sum.bytes)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
