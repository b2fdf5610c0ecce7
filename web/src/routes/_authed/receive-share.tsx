import { createFileRoute } from "@tanstack/react-router";
import { ReceiveShare } from "@/features/upload/components/receive-share";

/** Where the installed app's share target lands (public/app-sw.js keeps the files until they are uploaded). */
export const Route = createFileRoute("/_authed/receive-share")({
  component: ReceiveShare,
});
