/**
 * Where the items of the list or grid sit: rows of `columns` items, the leading folders (a folders-first server)
 * in rows of their own, then the files. The virtualiser sees equal "slots": a folder row or list row is one slot,
 * a grid row of file cards `cardSlots` slots, so rows of two heights scroll in one fixed-height virtual list.
 */
export interface ListGeometryInput {
  count: number;
  columns: number;
  /** Items at the start laid out as compact folder tiles (0 in the list, or when the first item is a file). */
  folders: number;
  /** Slots a row of file cards takes (1 in the list). */
  cardSlots: number;
}

export interface ListGeometry {
  columns: number;
  /** Layout rows: folder rows, then file rows. */
  rows: number;
  folderRows: number;
  slots: number;
  rowOf(index: number): number;
  /** First item of a row, and one past its last. */
  firstOf(row: number): number;
  endOf(row: number): number;
  isFolderRow(row: number): boolean;
  slotOf(row: number): number;
  /** Slots a row takes. */
  spanOf(row: number): number;
  rowOfSlot(slot: number): number;
}

export function listGeometry({ count, columns, folders: asked, cardSlots }: ListGeometryInput): ListGeometry {
  const cols = Math.max(1, columns);
  const folders = Math.max(0, Math.min(asked, count));
  const folderRows = Math.ceil(folders / cols);
  const fileRows = Math.ceil((count - folders) / cols);
  const rows = folderRows + fileRows;
  const isFolderRow = (row: number) => row < folderRows;
  const firstOf = (row: number) => (isFolderRow(row) ? row * cols : folders + (row - folderRows) * cols);
  return {
    columns: cols,
    rows,
    folderRows,
    slots: folderRows + fileRows * cardSlots,
    rowOf: (index) => (index < folders ? Math.floor(index / cols) : folderRows + Math.floor((index - folders) / cols)),
    firstOf,
    endOf: (row) => Math.min(isFolderRow(row) ? folders : count, firstOf(row) + cols),
    isFolderRow,
    slotOf: (row) => (isFolderRow(row) ? row : folderRows + (row - folderRows) * cardSlots),
    spanOf: (row) => (isFolderRow(row) ? 1 : cardSlots),
    rowOfSlot: (slot) => (slot < folderRows ? slot : folderRows + Math.floor((slot - folderRows) / cardSlots)),
  };
}

/**
 * How many items at the start are folders, read from the loaded items: exact once a file is seen after them (or
 * the list ends); otherwise as far as the loaded items reach, and never less than a count seen before, so a page
 * dropped from the cache does not fold tiles back into cards.
 */
export function leadingFolders(
  itemAt: (index: number) => { isDir: boolean } | undefined,
  count: number,
  known = 0,
): { folders: number; exact: boolean } {
  let i = 0;
  for (; i < count; i++) {
    const item = itemAt(i);
    if (!item) return { folders: Math.max(i, known), exact: false };
    if (!item.isDir) return { folders: i, exact: true };
  }
  return { folders: count, exact: true };
}
