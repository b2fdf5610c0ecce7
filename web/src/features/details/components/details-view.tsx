import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { useDetails } from "@/drive/details/details-store";
import { useMediaQuery } from "@/lib/hooks/use-media-query";
import { IconButton } from "@/ui/icon-button";
import { DetailsContent } from "./details-content";

/** The last request to show the details that moved focus into the pane. */
let focusedFor = 0;

/** Wide enough for a side pane beside the list (the lg breakpoint); narrower screens get a bottom sheet. */
const WIDE = "(min-width: 992px)";

export interface DetailsViewProps {
  itemId: string | undefined;
  selectedCount: number;
}

export function DetailsView(props: DetailsViewProps) {
  return useMediaQuery(WIDE) ? <DetailsPane {...props} /> : <DetailsSheet {...props} />;
}

/** What is shown: the item, or why there is none. */
function Body({ itemId, selectedCount }: DetailsViewProps) {
  if (itemId) return <DetailsContent itemId={itemId} />;
  return (
    <p className="p-4 text-sm text-on-surface-variant">
      {selectedCount > 1
        ? `${selectedCount} items are selected. Select one to see its details.`
        : "Select a file or folder to see its details."}
    </p>
  );
}

/** Desktop: a complementary landmark beside the list; it takes focus when asked for, and Escape closes it. */
function DetailsPane(props: DetailsViewProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusRequest = useDetails((s) => s.focusRequest);
  const close = useDetails((s) => s.close);
  // Each request to show the details moves focus here once; a pane mounted again (another folder) leaves it be.
  useEffect(() => {
    if (focusRequest === focusedFor) return;
    focusedFor = focusRequest;
    heading.current?.focus();
  }, [focusRequest]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    e.stopPropagation();
    close();
  };
  return (
    <aside
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      className="flex w-80 shrink-0 flex-col overflow-auto border-l border-outline-variant bg-surface-container-low"
    >
      <div className="flex h-14 shrink-0 items-center gap-2 border-b border-outline-variant pl-4 pr-2">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="flex-1 text-lg font-medium outline-none">
          Details
        </h2>
        <IconButton label="Close details" onClick={close}>
          <X aria-hidden className="size-5" />
        </IconButton>
      </div>
      <Body {...props} />
    </aside>
  );
}

/** Phone: a modal bottom sheet (focus kept inside, Escape or a tap outside closes it). */
function DetailsSheet(props: DetailsViewProps) {
  const close = useDetails((s) => s.close);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          // Focus goes back where it came from (close() does it); Radix would send it to <body>.
          onCloseAutoFocus={(e) => e.preventDefault()}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-auto rounded-t-3xl bg-surface-container-high pb-[max(0.5rem,env(safe-area-inset-bottom))] text-on-surface shadow-xl outline-none"
        >
          <div aria-hidden className="mx-auto my-2 h-1 w-10 rounded-full bg-outline-variant" />
          <div className="flex items-center gap-2 pl-4 pr-2">
            <Dialog.Title className="flex-1 text-lg font-medium">Details</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label="Close details">
                <X aria-hidden className="size-5" />
              </IconButton>
            </Dialog.Close>
          </div>
          <Body {...props} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
