import type { Locator } from "@playwright/test";

export type Box = { x: number; y: number; width: number; height: number };

/** The element's box on the page; throws when it is not rendered. */
export async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not visible");
  return b;
}

/** Whether two boxes share any area. */
export const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
