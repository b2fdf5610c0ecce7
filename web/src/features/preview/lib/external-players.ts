export type Platform = "windows" | "mac" | "linux" | "android" | "ios";

export interface ExternalPlayer {
  name: string;
  href: string;
}

/** The platform from the user agent (enough to pick which players to offer; never a security decision). */
export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/android/i.test(userAgent)) return "android";
  if (/iphone|ipad|ipod/i.test(userAgent)) return "ios";
  // iPadOS asks for the desktop site and says "Macintosh"; it has touch.
  if (/macintosh|mac os x/i.test(userAgent)) return maxTouchPoints > 1 ? "ios" : "mac";
  if (/windows/i.test(userAgent)) return "windows";
  return "linux";
}

const androidIntent = (url: string, pkg: string, type: string) => {
  const u = new URL(url);
  return `intent://${u.host}${u.pathname}${u.search}#Intent;scheme=${u.protocol.replace(":", "")};type=${type};package=${pkg};end`;
};

/**
 * The players installed apps register a URL scheme for, on `platform`, opening `url` (absolute, signed in by its
 * query so no cookie is needed).
 */
export function externalPlayers(url: string, platform: Platform, kind: "video" | "audio"): ExternalPlayer[] {
  const enc = encodeURIComponent(url);
  switch (platform) {
    case "windows":
      return [
        { name: "VLC", href: `vlc://${url}` },
        { name: "PotPlayer", href: `potplayer://${url}` },
        { name: "mpv", href: `mpv://${url}` },
      ];
    case "mac":
      return [
        { name: "IINA", href: `iina://weblink?url=${enc}` },
        { name: "VLC", href: `vlc://${url}` },
        { name: "mpv", href: `mpv://${url}` },
        { name: "Infuse", href: `infuse://x-callback-url/play?url=${enc}` },
      ];
    case "linux":
      return [
        { name: "VLC", href: `vlc://${url}` },
        { name: "mpv", href: `mpv://${url}` },
      ];
    case "android":
      return [
        { name: "VLC", href: androidIntent(url, "org.videolan.vlc", `${kind}/*`) },
        { name: "mpv", href: androidIntent(url, "is.xyz.mpv", `${kind}/*`) },
      ];
    case "ios":
      return [
        { name: "VLC", href: `vlc-x-callback://x-callback-url/stream?url=${enc}` },
        { name: "Infuse", href: `infuse://x-callback-url/play?url=${enc}` },
      ];
  }
}
