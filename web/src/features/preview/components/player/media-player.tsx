import { Music, PictureInPicture2 } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { IconButton } from "@/ui/icon-button";
import { type DecodedBytes, endedWithNothingDecoded } from "../../lib/media-failure";
import { formatClock, playerAction, worthResuming } from "../../lib/player-keys";
import { readPrefs, rememberSubtitle, SPEEDS, writePrefs } from "../../lib/player-prefs";
import type { PreviewSource } from "../../lib/preview-source";
import { subtitleChoices, toVtt } from "../../lib/subtitles";
import { ExternalPlayerMenu } from "./external-player-menu";
import { LOCAL, OFF, SubtitlesMenu } from "./subtitles-menu";
import "./player.css";

export interface MediaPlayerProps {
  kind: "video" | "audio";
  item: FileItem;
  src: string;
  source?: PreviewSource;
  /** The folder's items: subtitle files next to the video. */
  siblings?: readonly FileItem[];
  /** The file after/before this one in the folder (shift+N / shift+P, and "play next" at the end). */
  onNext?: () => void;
  onPrevious?: () => void;
  /** Wires the element to another source (HLS); returns its clean-up. */
  attach?: (media: HTMLMediaElement) => (() => void) | undefined;
  /** The browser cannot play the file: an `error`, or an end reached without decoding anything. */
  onError?: () => void;
}

interface Track {
  url: string;
  lang?: string;
  label: string;
}

/** How often a playing file's position is saved. */
const SAVE_EVERY_MS = 5000;

/** Ignore keys meant for fields, menus and (space/enter) the focused button. */
function keyIsForSomethingElse(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (target.closest("input, textarea, select, [contenteditable=true], [role=menu], [role=listbox]")) return true;
  return (event.key === " " || event.key === "Enter") && target.closest("button, a, [role=button]") !== null;
}

/**
 * The browser's own player with what people expect around it: speed, keyboard, subtitles (sidecar files, SRT turned
 * into WebVTT here), picture-in-picture, playing on to the next file, resuming where one stopped (when the source
 * keeps positions) and external players.
 */
export function MediaPlayer(props: MediaPlayerProps) {
  const { kind, item, src, source, siblings = [], onNext, onPrevious, attach, onError } = props;
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const prefs = useMemo(readPrefs, []);
  const [speed, setSpeed] = useState(prefs.speed);
  const [autoplayNext, setAutoplayNext] = useState(prefs.playNext[kind]);
  const [resumeAt, setResumeAt] = useState<number | undefined>();
  // Saving starts once the user is past the resume question (or there was none).
  const [decided, setDecided] = useState(false);
  const playback = source?.playback;

  // ----- subtitles
  const locale = typeof navigator === "undefined" ? "en" : navigator.language;
  const { sidecars, others } = useMemo(
    () => (kind === "video" ? subtitleChoices(item, siblings, locale) : { sidecars: [], others: [] }),
    [kind, item, siblings, locale],
  );
  const [choice, setChoice] = useState<string>(() => {
    const remembered = prefs.subtitles[item.id];
    if (remembered && (remembered === OFF || [...sidecars, ...others].some((s) => s.item.id === remembered)))
      return remembered;
    return OFF;
  });
  const lastOn = useRef<string | undefined>(choice === OFF ? sidecars[0]?.item.id : choice);
  const [track, setTrack] = useState<Track | undefined>();
  const [localFile, setLocalFile] = useState<File | undefined>();

  useEffect(() => {
    if (choice === OFF) {
      setTrack(undefined);
      return;
    }
    let url: string | undefined;
    let cancelled = false;
    (async () => {
      if (choice === LOCAL) {
        if (!localFile) return undefined;
        return { text: toVtt(localFile.name, await localFile.text()), label: localFile.name, lang: undefined };
      }
      const sub = [...sidecars, ...others].find((s) => s.item.id === choice);
      if (!sub || !source) return undefined;
      const res = await fetch(await source.url(sub.item), { headers: source.headers });
      if (!res.ok) throw new Error(`The server answered ${res.status}`);
      return { text: toVtt(sub.item.name, await res.text()), label: sub.label, lang: sub.lang };
    })().then(
      (loaded) => {
        if (cancelled || !loaded) return;
        url = URL.createObjectURL(new Blob([loaded.text], { type: "text/vtt" }));
        setTrack({ url, label: loaded.label, lang: loaded.lang });
      },
      () => !cancelled && setTrack(undefined),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [choice, localFile, sidecars, others, source]);

  // A new <track> is not shown by itself once the video has started: show it.
  useEffect(() => {
    const media = ref.current;
    if (!media || !track) return;
    const show = () => {
      for (const t of Array.from(media.textTracks)) t.mode = t.label === track.label ? "showing" : "disabled";
    };
    show();
    media.textTracks.addEventListener("addtrack", show);
    return () => media.textTracks.removeEventListener("addtrack", show);
  }, [track]);

  const choose = useCallback(
    (value: string) => {
      setChoice(value);
      if (value !== OFF) lastOn.current = value;
      if (value !== LOCAL) rememberSubtitle(item.id, value);
    },
    [item.id],
  );

  // ----- resume and saving
  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    let cancelled = false;
    const start = () => media.play().catch(() => {});
    if (!playback) {
      setDecided(true);
      start();
      return;
    }
    playback.read(item).then(
      (stored) => {
        if (cancelled) return;
        if (stored && worthResuming(stored.position, stored.duration)) setResumeAt(stored.position);
        else {
          setDecided(true);
          start();
        }
      },
      () => {
        if (cancelled) return;
        setDecided(true);
        start();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [playback, item]);

  useEffect(() => {
    const media = ref.current;
    if (!media || !playback || !decided) return;
    let lastSaved = 0;
    const save = () => {
      const { currentTime: position, duration } = media;
      if (!Number.isFinite(duration) || duration <= 0) return;
      lastSaved = Date.now();
      if (worthResuming(position, duration)) playback.save(item, { position, duration }).catch(() => {});
      else if (position >= 2) playback.forget(item.id).catch(() => {});
    };
    const onTime = () => Date.now() - lastSaved >= SAVE_EVERY_MS && !media.paused && save();
    const onEnded = () => {
      playback.forget(item.id).catch(() => {});
    };
    media.addEventListener("timeupdate", onTime);
    // A jump while paused is where the user now is, too.
    const onSeeked = () => media.paused && save();
    media.addEventListener("pause", save);
    media.addEventListener("seeked", onSeeked);
    media.addEventListener("ended", onEnded);
    window.addEventListener("pagehide", save);
    return () => {
      media.removeEventListener("timeupdate", onTime);
      media.removeEventListener("pause", save);
      media.removeEventListener("seeked", onSeeked);
      media.removeEventListener("ended", onEnded);
      window.removeEventListener("pagehide", save);
      if (!media.ended) save();
    };
  }, [playback, decided, item]);

  const resume = (from: number | undefined) => {
    const media = ref.current;
    if (!media) return;
    if (from !== undefined) media.currentTime = from;
    setResumeAt(undefined);
    setDecided(true);
    media.play().catch(() => {});
  };

  // ----- speed, HLS
  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    media.defaultPlaybackRate = speed;
    media.playbackRate = speed;
  }, [speed]);
  useEffect(() => {
    const media = ref.current;
    return media && attach ? attach(media) : undefined;
  }, [attach]);

  // ----- keyboard
  const captionsToggle = useRef<() => void>(() => {});
  captionsToggle.current = () => {
    if (choice !== OFF) choose(OFF);
    else {
      const next = lastOn.current ?? sidecars[0]?.item.id ?? others[0]?.item.id;
      if (next) choose(next);
    }
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const media = ref.current;
      if (!media || event.defaultPrevented || keyIsForSomethingElse(event)) return;
      const action = playerAction(event);
      if (!action) return;
      switch (action.type) {
        case "toggle":
          if (media.paused) media.play().catch(() => {});
          else media.pause();
          break;
        case "seek": {
          const end = Number.isFinite(media.duration) ? media.duration : Number.POSITIVE_INFINITY;
          media.currentTime = Math.min(end, Math.max(0, media.currentTime + action.by));
          break;
        }
        case "mute":
          media.muted = !media.muted;
          break;
        case "fullscreen":
          if (kind !== "video") return;
          if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
          else media.requestFullscreen().catch(() => {});
          break;
        case "captions":
          if (kind !== "video") return;
          captionsToggle.current();
          break;
        case "next":
          if (!onNext) return;
          onNext();
          break;
        case "previous":
          if (!onPrevious) return;
          onPrevious();
          break;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    // Capture: ahead of the preview's own arrow keys (previous/next file) and the element's native handling.
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [kind, onNext, onPrevious]);

  // ----- failure and the end
  const atEnd = useRef({ autoplayNext, onNext, onError });
  atEnd.current = { autoplayNext, onNext, onError };
  // Listened to here rather than through React's onError: the element starts loading while React renders it, and
  // an error it fires before React has put it in the page (a commit the Suspense around the viewer holds back) is
  // dropped by React. So the element's `error` is also read once it is in the page.
  useLayoutEffect(() => {
    const media = ref.current;
    if (!media) return;
    const fail = () => atEnd.current.onError?.();
    const onEnded = () => {
      const { autoplayNext: next, onNext: toNext } = atEnd.current;
      if (endedWithNothingDecoded(media as HTMLMediaElement & DecodedBytes)) fail();
      else if (next) toNext?.();
    };
    media.addEventListener("error", fail);
    media.addEventListener("ended", onEnded);
    if (media.error) fail();
    return () => {
      media.removeEventListener("error", fail);
      media.removeEventListener("ended", onEnded);
    };
  }, []);

  const pipAvailable = kind === "video" && typeof document !== "undefined" && document.pictureInPictureEnabled;
  const togglePip = () => {
    const media = ref.current;
    if (!media) return;
    if (document.pictureInPictureElement) document.exitPictureInPicture().catch(() => {});
    else media.requestPictureInPicture().catch(() => {});
  };

  const external = !src.startsWith("blob:") ? new URL(src, location.href).toString() : undefined;

  const element: ReactNode =
    kind === "video" ? (
      // biome-ignore lint/a11y/useMediaCaption: captions come from the subtitles menu when the folder has any
      <video
        ref={ref}
        src={attach ? undefined : src}
        controls
        playsInline
        className="min-h-0 w-full flex-1 bg-black object-contain"
        aria-label={item.name}
      >
        {track && (
          <track key={track.url} kind="subtitles" src={track.url} srcLang={track.lang} label={track.label} default />
        )}
      </video>
    ) : (
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-6 p-6">
        <Music aria-hidden className="size-24 text-on-surface-variant" />
        <p className="max-w-full truncate text-lg">{item.name}</p>
        {/* biome-ignore lint/a11y/useMediaCaption: music files come without caption tracks */}
        <audio ref={ref} src={src} controls aria-label={item.name} className="w-full max-w-xl" />
      </div>
    );

  return (
    <div className="media-player relative flex h-full min-h-0 flex-col">
      {resumeAt !== undefined && (
        <fieldset
          aria-label="Resume playback"
          className="absolute top-3 left-1/2 z-10 flex -translate-x-1/2 items-center gap-2 rounded-full border-0 bg-surface-container-high p-1 shadow-lg"
        >
          <Button variant="filled" onClick={() => resume(resumeAt)} autoFocus>
            Resume from {formatClock(resumeAt)}
          </Button>
          <Button variant="text" onClick={() => resume(0)}>
            Start over
          </Button>
        </fieldset>
      )}
      {element}
      <div
        role="toolbar"
        aria-label="Player"
        className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-t border-outline-variant px-2 py-1"
      >
        <label className="flex items-center gap-2 text-sm">
          Speed
          <select
            value={speed}
            onChange={(e) => {
              const next = Number(e.target.value);
              setSpeed(next);
              writePrefs({ speed: next });
            }}
            className="h-9 rounded-lg border border-outline bg-surface px-2 text-on-surface"
            aria-label="Playback speed"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s === 1 ? "Normal" : `${s}×`}
              </option>
            ))}
          </select>
        </label>
        {kind === "video" && (
          <SubtitlesMenu
            sidecars={sidecars}
            others={others}
            value={choice}
            localName={localFile?.name}
            onChange={choose}
            onLocalFile={(file) => {
              setLocalFile(file);
              choose(LOCAL);
            }}
          />
        )}
        {pipAvailable && (
          <IconButton label="Picture in picture" onClick={togglePip}>
            <PictureInPicture2 aria-hidden className="size-5" />
          </IconButton>
        )}
        {external && <ExternalPlayerMenu url={external} kind={kind} />}
        {onNext && (
          <Checkbox
            label="Play next"
            checked={autoplayNext}
            onChange={(e) => {
              setAutoplayNext(e.target.checked);
              writePrefs({ playNext: { ...readPrefs().playNext, [kind]: e.target.checked } });
            }}
          />
        )}
      </div>
    </div>
  );
}
