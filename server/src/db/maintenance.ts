import type { OpenedDb } from "./handle.js";

const CHECK_EVERY_MS = 30_000;
const FIRST_CHECK_MS = 10_000;

interface TableStats {
  relname: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_ins_since_vacuum: number;
  n_mod_since_analyze: number;
}

/**
 * What PostgreSQL's autovacuum decides, for PGlite, which has none. VACUUM keeps the visibility map current
 * (index-only scans then skip the table) and frees dead rows; ANALYZE keeps the planner's statistics current.
 * Thresholds are tighter than autovacuum's defaults: list pages depend on index-only scans.
 */
export function maintenanceFor(t: TableStats): "VACUUM (ANALYZE)" | "ANALYZE" | null {
  const live = Math.max(t.n_live_tup, 0);
  if (t.n_dead_tup > 500 + 0.05 * live || t.n_ins_since_vacuum > 1000 + 0.1 * live) return "VACUUM (ANALYZE)";
  if (t.n_mod_since_analyze > 500 + 0.1 * live) return "ANALYZE";
  return null;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Background upkeep of the embedded database: at start a VACUUM (the counters below start at zero after a
 * restart, so work left by the previous run would go unnoticed), then every 30 s the tables that changed enough.
 * It runs in the background lane: requests queued meanwhile go first, but a VACUUM that has started holds
 * PGlite's only connection until it ends (a few seconds for a million rows). PostgreSQL has autovacuum.
 */
export function startMaintenance(db: OpenedDb): () => void {
  if (db.kind !== "pglite") return () => {};
  let running = false;
  const run = async (all: boolean) => {
    if (running) return;
    running = true;
    try {
      const tables = await db.background.query<TableStats>(
        "SELECT relname, n_live_tup, n_dead_tup, n_ins_since_vacuum, n_mod_since_analyze FROM pg_stat_user_tables",
      );
      for (const t of tables) {
        const what = all ? "VACUUM (ANALYZE)" : maintenanceFor(t);
        if (what) await db.background.query(`${what} ${quoteIdent(t.relname)}`);
      }
    } catch (err) {
      console.warn(`database maintenance failed: ${err instanceof Error ? err.message : err}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(true), FIRST_CHECK_MS);
  const every = setInterval(() => void run(false), CHECK_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
