import { type ComponentType, createContext } from "react";

export interface DetailsPaneProps {
  /** The item whose details are shown: the one selected, or the one asked for while nothing is selected. */
  itemId: string | undefined;
  selectedCount: number;
}

/**
 * The details pane the file list shows beside itself (features/details); the signed-in layout provides it, so the
 * list does not import the feature that draws it.
 */
export const DetailsPaneContext = createContext<ComponentType<DetailsPaneProps> | null>(null);
