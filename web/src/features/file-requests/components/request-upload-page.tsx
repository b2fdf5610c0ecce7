import type { FileRequestPublic } from "@drive/contract";
import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useCallback, useState } from "react";
import { formatDay } from "@/lib/dates";
import { usePageTitle } from "@/lib/document-title";
import { formatSize } from "@/lib/format-size";
import { Spinner } from "@/ui/spinner";
import { publicRequestQueryOptions, RequestCallError } from "../api/public-request";
import { useRequestUploads } from "../hooks/use-request-uploads";
import { uploadErrorText } from "../lib/upload-errors";
import { DropZone } from "./drop-zone";
import { PasswordForm } from "./password-form";
import { UploadList } from "./upload-list";

/**
 * The page someone opens from a file request's link, without an account: what is asked for, then a drop zone and a
 * file picker. It shows only this visitor's own uploads; nothing of the folder. Kept light (no drive code): it is a
 * first page of its own.
 */
export function RequestUploadPage({ requestId }: { requestId: string }) {
  const info = useQuery(publicRequestQueryOptions(requestId));
  usePageTitle(info.data ? info.data.title : "Upload files");
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-6 p-4 sm:p-8">
      {info.isPending && <Spinner label="Loading the request" />}
      {info.isError && (
        <div role="alert" className="rounded-3xl bg-error-container p-6 text-on-error-container">
          {uploadErrorText(info.error instanceof RequestCallError ? info.error.status : 0)}
        </div>
      )}
      {info.data && <OpenRequest requestId={requestId} info={info.data} />}
    </main>
  );
}

function OpenRequest({ requestId, info }: { requestId: string; info: FileRequestPublic }) {
  const [unlocked, setUnlocked] = useState(!info.protected);
  const lock = useCallback(() => setUnlocked(false), []);
  const { uploads, add } = useRequestUploads(requestId, info, lock);
  const limits = [
    info.maxFileSize !== undefined && `files up to ${formatSize(info.maxFileSize)}`,
    info.remaining !== undefined && `${info.remaining} more ${info.remaining === 1 ? "file" : "files"}`,
    info.expiresAt && `open until ${formatDay(info.expiresAt)}`,
  ].filter(Boolean);
  return (
    <>
      <header className="flex items-start gap-3">
        <Inbox aria-hidden className="mt-1 size-8 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-medium">{info.title}</h1>
          <p className="text-on-surface-variant">
            Your files go to the folder "{info.folderName}". You will not see what others sent.
          </p>
          {limits.length > 0 && (
            <p className="text-sm text-on-surface-variant">This request takes {limits.join(", ")}.</p>
          )}
        </div>
      </header>
      {unlocked ? (
        <DropZone onFiles={add} disabled={info.remaining === 0} />
      ) : (
        <PasswordForm requestId={requestId} onUnlocked={() => setUnlocked(true)} />
      )}
      <UploadList uploads={uploads} />
    </>
  );
}
