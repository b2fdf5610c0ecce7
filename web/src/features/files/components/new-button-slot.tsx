import { PHONE_QUERY, useMediaQuery } from "@/lib/hooks/use-media-query";
import { NewButton } from "./new-button";

/** Room the list keeps below its last row for the button: its 56 px, the 16 px under it, 16 px above. */
export const NEW_BUTTON_ROOM = 88;

/** A phone's floating "New" (`new-button.tsx`): wider screens have it in the toolbar. */
export function NewButtonSlot() {
  const phone = useMediaQuery(PHONE_QUERY);
  return phone && <NewButton />;
}
