/** The folder an item is in, from the item's full path: "/Work/2026/report.pdf" -> "/Work/2026", "/a.txt" -> "/". */
export function parentFolderOf(path: string): string {
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
}

/** How the client names a place: "My Drive" and the folders below it ("My Drive/Work/2026"). */
export const placeName = (folder: string) => `My Drive${folder === "/" ? "" : folder}`;
