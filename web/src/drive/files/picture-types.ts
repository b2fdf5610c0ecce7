/**
 * The one list of picture types: which files get a picture icon, a thumbnail (our server renders these with sharp:
 * docs/api.md, "Thumbnails") and the image preview. `browser`: Chromium, Firefox and Safari draw it themselves.
 */
export const PICTURE_TYPES = [
  { extensions: ["jpg", "jpeg", "jpe", "jfif"], mimeType: "image/jpeg", browser: true },
  { extensions: ["png"], mimeType: "image/png", browser: true },
  { extensions: ["gif"], mimeType: "image/gif", browser: true },
  { extensions: ["webp"], mimeType: "image/webp", browser: true },
  { extensions: ["avif"], mimeType: "image/avif", browser: true },
  { extensions: ["tif", "tiff"], mimeType: "image/tiff", browser: false },
] as const;

export const PICTURE_EXTENSIONS: readonly string[] = PICTURE_TYPES.flatMap((t) => t.extensions);
