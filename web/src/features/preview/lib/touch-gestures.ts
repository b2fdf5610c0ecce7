/** What a finished one-finger touch was, from where it started and ended (pixels) and how long it took. */
export type Gesture = "swipe-left" | "swipe-right" | "tap" | "none";

const SWIPE_MIN_PX = 50;
const TAP_MAX_PX = 10;
const TAP_MAX_MS = 300;

export function gestureOf(dx: number, dy: number, ms: number): Gesture {
  if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) return dx < 0 ? "swipe-left" : "swipe-right";
  if (Math.abs(dx) <= TAP_MAX_PX && Math.abs(dy) <= TAP_MAX_PX && ms <= TAP_MAX_MS) return "tap";
  return "none";
}

/** Two taps this close in time and place are a double tap. */
export function isDoubleTap(
  previous: { x: number; y: number; at: number } | undefined,
  tap: { x: number; y: number; at: number },
): boolean {
  return (
    previous !== undefined && tap.at - previous.at <= 350 && Math.hypot(tap.x - previous.x, tap.y - previous.y) < 30
  );
}

export const clampZoom = (z: number) => Math.min(8, Math.max(1, z));
