/** The player's preferences, kept in this browser: speed, playing on to the next file, each video's subtitles. */
const KEY = "player";
const MAX_SUBTITLE_CHOICES = 500;

interface Prefs {
  speed: number;
  /** Play on to the next file at the end: on for music (a playlist), off for videos unless asked for. */
  playNext: { video: boolean; audio: boolean };
  /** Per video id: the subtitle file id chosen, or "off". Newest last. */
  subtitles: Record<string, string>;
}

const DEFAULTS: Prefs = { speed: 1, playNext: { video: false, audio: true }, subtitles: {} };

export function readPrefs(): Prefs {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Prefs>;
    return {
      ...DEFAULTS,
      ...parsed,
      playNext: { ...DEFAULTS.playNext, ...parsed.playNext },
      subtitles: { ...parsed.subtitles },
    };
  } catch {
    return { ...DEFAULTS, playNext: { ...DEFAULTS.playNext }, subtitles: {} };
  }
}

export function writePrefs(patch: Partial<Prefs>) {
  const next = { ...readPrefs(), ...patch };
  const entries = Object.entries(next.subtitles);
  if (entries.length > MAX_SUBTITLE_CHOICES) next.subtitles = Object.fromEntries(entries.slice(-MAX_SUBTITLE_CHOICES));
  localStorage.setItem(KEY, JSON.stringify(next));
}

export function rememberSubtitle(videoId: string, choice: string) {
  const { subtitles } = readPrefs();
  delete subtitles[videoId];
  subtitles[videoId] = choice;
  writePrefs({ subtitles });
}

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
