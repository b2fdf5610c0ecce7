import { useEffect, useState } from "react";

/** How long a row must stay rendered before its picture is asked for: a fling passes rows by faster than this. */
export const SETTLE_MS = 150;

/** True once `key` has stayed the same for SETTLE_MS in this component; false again while a new key settles. */
export function useSettled(key: string | undefined): boolean {
  const [settled, setSettled] = useState<string>();
  useEffect(() => {
    if (key === undefined) return;
    const timer = setTimeout(() => setSettled(key), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return key !== undefined && settled === key;
}
