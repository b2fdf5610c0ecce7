import { describe, expect, it } from "vitest";
import { type FileItem, toFileItem } from "@/drive/files/file-item";
import { externalPlayers, platformOf } from "../external-players";
import { formatClock, playerAction, worthResuming } from "../player-keys";
import { srtToVtt, subtitleChoices, toVtt } from "../subtitles";

const file = (name: string, id = name): FileItem =>
  toFileItem({ id, name, type: "file", mimeType: "", size: 1, encrypted: false, updatedAt: "2026-01-01T00:00:00Z" });

describe("subtitles", () => {
  it("turns SRT into WebVTT: header, dots in times, CRLF and BOM gone, text kept", () => {
    const srt =
      "\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello, <i>world</i>\r\n\r\n2\r\n0:00:03,5 --> 0:00:04,000\r\nBye\r\n";
    expect(srtToVtt(srt)).toBe(
      "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello, <i>world</i>\n\n2\n00:00:03.500 --> 00:00:04.000\nBye\n",
    );
    expect(toVtt("a.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nx")).toBe("WEBVTT\n\n00:01.000 --> 00:02.000\nx");
  });

  it("finds sidecars by the video's name and names their languages; other subtitle files come apart", () => {
    const video = file("Movie.mp4");
    const siblings = [
      video,
      file("movie.en.srt"),
      file("Movie.pt-BR.vtt"),
      file("Movie.srt"),
      file("Movie.forced.en.srt"),
      file("Movie.director.srt"),
      file("other.en.srt"),
      file("Movie.txt"),
      file("Movie 2.srt"),
    ];
    const { sidecars, others } = subtitleChoices(video, siblings, "en");
    const ptBR = new Intl.DisplayNames(["en"], { type: "language" }).of("pt-BR");
    const byName = [...sidecars].sort((a, b) => a.item.name.localeCompare(b.item.name));
    expect(byName.map((s) => [s.item.name, s.label, s.lang])).toEqual([
      ["Movie.director.srt", "director", undefined],
      ["movie.en.srt", "English", "en"],
      ["Movie.forced.en.srt", "English (forced)", "en"],
      ["Movie.pt-BR.vtt", ptBR, "pt-BR"],
      ["Movie.srt", "Subtitles", undefined],
    ]);
    expect(others.map((s) => s.item.name)).toEqual(["other.en.srt", "Movie 2.srt"]);
  });
});

describe("player keys", () => {
  const key = (k: string, shiftKey = false) =>
    playerAction({ key: k, shiftKey, ctrlKey: false, metaKey: false, altKey: false });
  it("maps the keys people know from video sites", () => {
    expect(key(" ")).toEqual({ type: "toggle" });
    expect(key("K")).toEqual({ type: "toggle" });
    expect(key("j")).toEqual({ type: "seek", by: -10 });
    expect(key("l")).toEqual({ type: "seek", by: 10 });
    expect(key("ArrowLeft")).toEqual({ type: "seek", by: -5 });
    expect(key("ArrowRight")).toEqual({ type: "seek", by: 5 });
    expect(key("f")).toEqual({ type: "fullscreen" });
    expect(key("m")).toEqual({ type: "mute" });
    expect(key("c")).toEqual({ type: "captions" });
    expect(key("N", true)).toEqual({ type: "next" });
    expect(key("P", true)).toEqual({ type: "previous" });
    expect(key("x")).toBeUndefined();
    expect(playerAction({ key: "k", shiftKey: false, ctrlKey: true, metaKey: false, altKey: false })).toBeUndefined();
  });
  it("formats clock times and decides what is worth resuming", () => {
    expect(formatClock(2467)).toBe("41:07");
    expect(formatClock(3723.9)).toBe("1:02:03");
    expect(formatClock(5)).toBe("0:05");
    expect(worthResuming(1, 100)).toBe(false);
    expect(worthResuming(40, 100)).toBe(true);
    expect(worthResuming(99, 100)).toBe(false);
  });
});

describe("external players", () => {
  const url = "https://drive.example/api/files/1/a b.mkv?hash=abc";
  it("offers the players of each platform", () => {
    expect(platformOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe("windows");
    expect(platformOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)")).toBe("mac");
    expect(platformOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)", 5)).toBe("ios");
    expect(platformOf("Mozilla/5.0 (Linux; Android 14; Pixel 8)")).toBe("android");
    expect(platformOf("Mozilla/5.0 (X11; Linux x86_64)")).toBe("linux");
    const names = (p: Parameters<typeof externalPlayers>[1]) => externalPlayers(url, p, "video").map((x) => x.name);
    expect(names("windows")).toEqual(["VLC", "PotPlayer", "mpv"]);
    expect(names("mac")).toEqual(["IINA", "VLC", "mpv", "Infuse"]);
    expect(names("ios")).toEqual(["VLC", "Infuse"]);
    expect(externalPlayers(url, "mac", "video")[0]?.href).toBe(`iina://weblink?url=${encodeURIComponent(url)}`);
    expect(externalPlayers(url, "android", "audio")[0]?.href).toBe(
      "intent://drive.example/api/files/1/a%20b.mkv?hash=abc#Intent;scheme=https;type=audio/*;package=org.videolan.vlc;end",
    );
  });
});
