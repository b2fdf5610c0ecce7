import { Dialog } from "radix-ui";
import { useCanRequestFiles } from "@/drive/api/capabilities";
import { fileCommandsFor } from "@/drive/commands/file-commands";
import { useStarredIds } from "@/drive/stars/stars";
import { cn } from "@/lib/cn";
import { useFileListView } from "../hooks/use-file-list-view";
import { CommandIcon } from "./command-icon";

/** Touch: a long press opens the list's actions in a bottom sheet instead of a context menu. */
export function ActionSheet(props: { open: boolean; onOpenChange(open: boolean): void }) {
  const view = useFileListView();
  const selected = props.open ? view.selectedItems() : [];
  const starredIds = useStarredIds();
  const fileRequests = useCanRequestFiles();
  const commands = fileCommandsFor(selected, {
    canCreate: view.canCreate,
    showInFolder: view.showInFolder,
    starred: selected.length > 0 && selected.every((i) => starredIds.has(i.id)),
    fileRequests,
  });
  const title =
    selected.length === 1 ? (selected[0]?.name ?? "") : selected.length > 1 ? `${selected.length} selected` : "Actions";
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[80dvh] overflow-auto rounded-t-3xl bg-surface-container-high p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-on-surface shadow-xl outline-none"
        >
          <div aria-hidden className="mx-auto my-2 h-1 w-10 rounded-full bg-outline-variant" />
          <Dialog.Title className="truncate px-4 py-2 text-base font-medium">{title}</Dialog.Title>
          <ul className="flex flex-col">
            {commands.map((command) => (
              <li key={command.id}>
                <button
                  type="button"
                  className={cn(
                    "flex w-full items-center gap-4 rounded-xl px-4 py-3 text-left text-base outline-none hover:bg-on-surface/10 focus-visible:bg-on-surface/10",
                    command.danger && "text-error",
                  )}
                  onClick={() => {
                    props.onOpenChange(false);
                    view.onCommand(command.id, selected);
                  }}
                >
                  <CommandIcon id={command.id} className="size-5" />
                  {command.label}
                </button>
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
