import { Outlet } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { FileActionDialogsSlot } from "@/app/file-actions/components/file-action-dialogs-slot";
import { createFileActions } from "@/app/file-actions/file-actions";
import { useApiGeneration } from "@/drive/api/generation";
import { FileCommandsContext } from "@/drive/commands/file-commands-context";
import { DetailsPaneContext } from "@/drive/details/details-pane-context";
import { LiveEventsSlot } from "@/drive/live/live-events-slot";
import { DetailsSlot } from "@/features/details/components/details-slot";
import { RestoreClashSlot } from "@/features/trash/components/restore-clash-slot";
import { UploadPanelSlot } from "@/features/upload/components/upload-panel-slot";
import { BottomBar } from "./bottom-bar";
import { Header } from "./header";
import { KeyboardShortcuts } from "./keyboard-shortcuts";
import { SideNav } from "./side-nav";

const fileActions = createFileActions(() => window.location);

/** API-B keeps its access token alive while the app is open; loaded only there. */
const TokenRefreshSchedule = lazy(() =>
  import("@/drive/session/token-schedule").then((m) => ({ default: m.TokenRefreshSchedule })),
);

/**
 * The frame of signed-in pages: header, side navigation (bottom bar on small screens) and the page.
 * The page area is a flex column that scrolls, so a page can also size its own scroller with flex-1.
 */
export function AuthedLayout() {
  const generation = useApiGeneration();
  return (
    <div className="flex h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-on-primary"
      >
        Skip to content
      </a>
      <Header signedIn />
      <div className="flex min-h-0 flex-1">
        <SideNav />
        <main id="main" className="flex min-h-0 min-w-0 flex-1 flex-col overflow-auto">
          <FileCommandsContext value={fileActions}>
            <DetailsPaneContext value={DetailsSlot}>
              <Outlet />
            </DetailsPaneContext>
          </FileCommandsContext>
        </main>
      </div>
      <BottomBar />
      <UploadPanelSlot />
      <LiveEventsSlot />
      <FileActionDialogsSlot />
      <RestoreClashSlot />
      <KeyboardShortcuts />
      {generation === "B" && (
        <Suspense>
          <TokenRefreshSchedule />
        </Suspense>
      )}
    </div>
  );
}
