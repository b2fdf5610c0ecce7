export type PlayerAction =
  | { type: "toggle" }
  | { type: "seek"; by: number }
  | { type: "fullscreen" }
  | { type: "mute" }
  | { type: "captions" }
  | { type: "next" }
  | { type: "previous" };

/** The player's keyboard: space/k, j/l ±10 s, arrows ±5 s, f, m, c, shift+n/p. Undefined: not the player's key. */
export function playerAction(event: Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey">) {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.shiftKey) {
    if (key === "n") return { type: "next" } as const;
    if (key === "p") return { type: "previous" } as const;
    return undefined;
  }
  switch (key) {
    case " ":
    case "k":
      return { type: "toggle" } as const;
    case "j":
      return { type: "seek", by: -10 } as const;
    case "l":
      return { type: "seek", by: 10 } as const;
    case "ArrowLeft":
      return { type: "seek", by: -5 } as const;
    case "ArrowRight":
      return { type: "seek", by: 5 } as const;
    case "f":
      return { type: "fullscreen" } as const;
    case "m":
      return { type: "mute" } as const;
    case "c":
      return { type: "captions" } as const;
    default:
      return undefined;
  }
}

/** 2467 → "41:07"; 3723 → "1:02:03". */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Whether a stored position is worth offering: past the first seconds and not at the very end. */
export function worthResuming(position: number, duration: number): boolean {
  return position >= 2 && (duration <= 0 || (position < duration - 2 && position / duration < 0.97));
}
