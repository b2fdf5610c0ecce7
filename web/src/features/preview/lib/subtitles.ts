import type { FileItem } from "@/drive/files/file-item";
import { extensionOf } from "@/drive/files/file-item";

export const SUBTITLE_EXTENSIONS = ["vtt", "srt"] as const;

export interface SubtitleChoice {
  item: FileItem;
  /** BCP 47 tag from the name (`movie.pt-BR.srt`), when there is a valid one. */
  lang?: string;
  label: string;
}

export const isSubtitle = (name: string) => (SUBTITLE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

const baseName = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
};

function canonicalTag(tag: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical;
  } catch {
    return undefined;
  }
}

/** "pt-BR" → "Portuguese (Brazil)" in the reader's language; the tag itself where the browser has no name. */
export function languageName(tag: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * Every subtitle file in the folder, the ones named after the video first (`movie.srt`, `movie.en.srt`,
 * `movie.forced.pt-BR.vtt`): their language comes from the last dotted part of the name when it is a language tag.
 */
export function subtitleChoices(
  video: FileItem,
  siblings: readonly FileItem[],
  locale: string,
): { sidecars: SubtitleChoice[]; others: SubtitleChoice[] } {
  const stem = baseName(video.name).toLowerCase();
  const sidecars: SubtitleChoice[] = [];
  const others: SubtitleChoice[] = [];
  for (const item of siblings) {
    if (item.isDir || !isSubtitle(item.name)) continue;
    const subStem = baseName(item.name);
    const lower = subStem.toLowerCase();
    if (lower === stem || lower.startsWith(`${stem}.`)) {
      const rest = subStem.slice(stem.length + 1);
      const last = rest.split(".").pop() ?? "";
      // Two- or three-letter languages with optional script/region; "forced" or "sdh" are not languages.
      const lang = /^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i.test(last) ? canonicalTag(last.replace(/_/g, "-")) : undefined;
      const extra = rest && rest !== last ? ` (${rest.slice(0, rest.length - last.length - 1)})` : "";
      const label = lang ? `${languageName(lang, locale)}${extra}` : rest || "Subtitles";
      sidecars.push({ item, lang, label });
    } else {
      others.push({ item, label: item.name });
    }
  }
  sidecars.sort((a, b) => a.label.localeCompare(b.label, locale));
  return { sidecars, others };
}

const SRT_TIME = /(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})/g;

/** SRT → WebVTT: the header, dots in the times, and no stray carriage returns or byte-order mark. */
export function srtToVtt(srt: string): string {
  const body = srt
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split("\n")
        .map((line) =>
          line.includes("-->")
            ? line.replace(
                SRT_TIME,
                (_m, h: string, m: string, s: string, ms: string) =>
                  `${h.padStart(2, "0")}:${m}:${s}.${ms.padEnd(3, "0")}`,
              )
            : line,
        )
        .join("\n"),
    )
    .join("\n\n");
  return `WEBVTT\n\n${body}\n`;
}

/** A subtitle file's text as WebVTT, whatever it was (a file already in WebVTT passes through). */
export function toVtt(name: string, text: string): string {
  const clean = text.replace(/^\uFEFF/, "");
  if (clean.startsWith("WEBVTT")) return clean;
  return extensionOf(name) === "vtt" ? `WEBVTT\n\n${clean}` : srtToVtt(clean);
}
