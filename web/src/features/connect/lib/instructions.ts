/** The address a WebDAV client connects to, on the origin the client was loaded from. */
export const webdavUrl = (origin: string) => `${origin.replace(/\/+$/, "")}/webdav/`;

/** Host and path without the scheme (davfs2 and Finder want the full URL, some Android apps want them apart). */
export function urlParts(url: string): { https: boolean; host: string; path: string } {
  const u = new URL(url);
  return { https: u.protocol === "https:", host: u.host, path: u.pathname };
}

/** A POSIX shell word: the key and the URL go into commands people paste. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export interface Instruction {
  id: string;
  title: string;
  steps: string[];
  /** Text to paste into a terminal or a config file, if any. */
  code?: string;
}

/** Copy-paste instructions for each client, with the URL and (once created) the key filled in. */
export function instructions(url: string, key: string | null): Instruction[] {
  const { https, host, path } = urlParts(url);
  const secret = key ?? "YOUR-API-KEY";
  const davs = url.replace(/^http/, "dav");
  return [
    {
      id: "rclone",
      title: "rclone",
      steps: [
        "Add a remote named drive (rclone's webdav backend; any user name works, the API key is the password):",
        "Then copy, sync or mount it: the mount shows the drive as a folder (it needs FUSE: fuse3 on Linux, macFUSE on macOS, WinFsp on Windows).",
      ],
      code: [
        `rclone config create drive webdav url=${shellQuote(url)} vendor=other user=drive pass=${shellQuote(secret)} --obscure`,
        "rclone ls drive:",
        "mkdir -p ~/Drive && rclone mount drive: ~/Drive --vfs-cache-mode writes",
      ].join("\n"),
    },
    {
      id: "windows",
      title: "Windows Explorer",
      steps: [
        "In File Explorer, right-click This PC and choose Map network drive…",
        `Folder: ${url}`,
        "Tick Connect using different credentials; when asked, any user name and the API key as the password.",
        https
          ? "Explorer copies files up to 50 MB by default; larger ones need the FileSizeLimitInBytes registry value of the WebClient service raised."
          : "Explorer sends passwords only over https: serve the drive over https (README, Behind a reverse proxy) or use rclone.",
      ],
    },
    {
      id: "macos",
      title: "macOS Finder",
      steps: [
        "In Finder choose Go → Connect to Server… (⌘K).",
        `Server address: ${url}`,
        "Connect as Registered User: any name, and the API key as the password.",
      ],
    },
    {
      id: "linux",
      title: "Linux (Files, Dolphin, davfs2)",
      steps: [
        `GNOME Files: Other Locations → Connect to Server: ${davs}. Dolphin: webdav${https ? "s" : ""}://${host}${path}`,
        "Or mount it with davfs2 (apt install davfs2):",
      ],
      code: [
        "sudo mkdir -p /mnt/drive",
        `echo ${shellQuote(`${url} drive ${secret}`)} | sudo tee -a /etc/davfs2/secrets`,
        `sudo mount -t davfs ${shellQuote(url)} /mnt/drive`,
      ].join("\n"),
    },
    {
      id: "android",
      title: "Android",
      steps: [
        "In a file manager that speaks WebDAV (Material Files, Solid Explorer, CX File Explorer, or the rclone-based Round Sync), add a WebDAV server:",
        `Host: ${host}, path: ${path}, ${https ? "https (port 443 unless the host names another)" : "http"}.`,
        "User name: anything; password: the API key.",
      ],
    },
  ];
}
