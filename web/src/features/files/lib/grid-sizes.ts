/** The grid's measures, shared by the layout and the lazily loaded grid rows. */
export const CARD_MIN_WIDTH = 168;
export const CARD_GAP = 12;
/** A grid row of folder tiles (icon and name on one line, as Drive draws them); a row of file cards is four. */
export const FOLDER_ROW_HEIGHT = 56;
export const FOLDER_GAP = 8;
export const CARD_SLOTS = 4;
export const CARD_ROW_HEIGHT = FOLDER_ROW_HEIGHT * CARD_SLOTS;
export const GRID_PADDING = 12;
