import { Dialog } from "@/ui/dialog";

const SHORTCUTS: readonly (readonly [string, string])[] = [
  ["/", "Search"],
  ["?", "This list"],
  ["Ctrl+Z", "Undo the last delete or move"],
  ["Arrow keys", "Move through the files"],
  ["Enter", "Open"],
  ["Space", "Select or unselect"],
  ["Shift+Arrow keys", "Select a range"],
  ["Ctrl+A", "Select all"],
  ["F2", "Rename"],
  ["Delete", "Delete"],
  ["Ctrl+X, Ctrl+V", "Cut and paste into another folder"],
  ["Alt+Enter", "Details"],
  ["Backspace", "Up one folder"],
  ["Escape", "Clear the selection, close a window"],
];

/** "?": every keyboard shortcut of the app. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Keyboard shortcuts">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded bg-surface-container-highest px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
