import { pathSegments, ROOT_NAME } from "@/drive/files/folder-path";

export interface Crumb {
  name: string;
  path: string;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** My Drive, then one crumb per decoded path segment, each linking to its folder. */
export function breadcrumbsOf(path: string): Crumb[] {
  const crumbs: Crumb[] = [{ name: ROOT_NAME, path: "/" }];
  let current = "";
  for (const segment of pathSegments(path)) {
    const name = decodeSegment(segment);
    current = `${current}/${name}`;
    crumbs.push({ name, path: current });
  }
  return crumbs;
}

/** Long paths keep the first and the last `tail` crumbs visible and fold the middle into an overflow menu. */
export function collapseCrumbs(crumbs: Crumb[], tail = 2): { head: Crumb[]; hidden: Crumb[]; rest: Crumb[] } {
  if (crumbs.length <= tail + 2) return { head: crumbs, hidden: [], rest: [] };
  return { head: crumbs.slice(0, 1), hidden: crumbs.slice(1, -tail), rest: crumbs.slice(-tail) };
}
