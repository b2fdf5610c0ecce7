import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useMemo, useState } from "react";
import { Header } from "@/app/shell/components/header";
import { ApiError } from "@/drive/api/api-client";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { errorText } from "@/drive/errors/error-message";
import { type FileItem, toFileItem } from "@/drive/files/file-item";
import { joinPath } from "@/drive/files/folder-path";
import { sessionQueryOptions } from "@/drive/session/session";
import { PreviewModal } from "@/features/preview/components/preview-modal";
import { downloadFrom } from "@/features/preview/lib/download";
import type { PreviewSource } from "@/features/preview/lib/preview-source";
import { shareInfoQueryOptions } from "@/features/share/api/get-share";
import { shareFilesQueryOptions } from "@/features/share/api/list-share-files";
import { ShareBreadcrumbs } from "@/features/share/components/share-breadcrumbs";
import { ShareError } from "@/features/share/components/share-error";
import { ShareFileTable, type ShareSort } from "@/features/share/components/share-file-table";
import { ShareGone } from "@/features/share/components/share-gone";
import { ShareSaveButton } from "@/features/share/components/share-save-button";
import { ShareUnlockForm } from "@/features/share/components/share-unlock-form";
import { shareAuthorization, shareContentUrl, sharePasswords } from "@/features/share/lib/share-auth";
import { usePageTitle } from "@/lib/document-title";
import { toast } from "@/lib/toast";
import { Spinner } from "@/ui/spinner";

const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);
const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** A public link: asks for the password when protected, then lists, previews and downloads its files. */
export function SharePage({ shareId, path }: { shareId: string; path: string }) {
  const navigate = useNavigate();
  const session = useQuery(sessionQueryOptions());
  const capabilities = useQuery({ ...capabilitiesQueryOptions(), enabled: Boolean(session.data) });
  const info = useQuery({ ...shareInfoQueryOptions(shareId), retry: false });
  usePageTitle(info.data?.name || "Shared with you");
  const [password, setPassword] = useState(() => sharePasswords.get(shareId));
  const [sort, setSort] = useState<ShareSort>({ sort: "name", order: "asc" });
  const [preview, setPreview] = useState<FileItem | undefined>();
  const locked = info.data?.protected === true && !password;
  const files = useQuery({
    ...shareFilesQueryOptions({ shareId, path, password, ...sort }),
    enabled: info.isSuccess && !locked,
    retry: false,
  });
  const items = useMemo(() => (files.data?.items ?? []).map((f) => toFileItem(f)), [files.data]);
  const wrongPassword = isUnauthorized(files.error);

  const source = useMemo<PreviewSource>(
    () => ({
      url: async (item) => shareContentUrl({ origin: location.origin, shareId, fileId: item.id, name: item.name }),
      downloadUrl: async (item) =>
        shareContentUrl({ origin: location.origin, shareId, fileId: item.id, name: item.name, download: true }),
      headers: password ? { Authorization: shareAuthorization(password) } : undefined,
    }),
    [shareId, password],
  );

  const goTo = (nextPath: string) =>
    navigate({ to: "/share/$id", params: { id: shareId }, search: nextPath === "/" ? {} : { path: nextPath } });
  const open = (item: FileItem) => (item.isDir ? goTo(joinPath(path, item.name)) : setPreview(item));
  const download = (item: FileItem) =>
    downloadFrom(source, item).catch((e: unknown) =>
      toast.error(`Download failed: ${e instanceof Error ? e.message : "unknown error"}`),
    );
  const unlock = (value: string) => {
    sharePasswords.set(shareId, value);
    setPassword(value);
  };

  let body: ReactNode;
  if (info.isPending) body = <Spinner label="Loading share" className="m-auto" />;
  else if (info.isError) body = isGone(info.error) ? <ShareGone /> : <ShareError message={errorText(info.error)} />;
  else if (locked || wrongPassword)
    body = (
      <ShareUnlockForm
        shareId={shareId}
        name={info.data.name}
        initialError={wrongPassword ? "Wrong password" : undefined}
        onUnlock={unlock}
      />
    );
  else
    body = (
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ShareBreadcrumbs name={info.data.name} path={path} onNavigate={goTo} />
          {session.data && capabilities.data?.saveShares && files.isSuccess && (
            <ShareSaveButton shareId={shareId} password={password} />
          )}
        </div>
        {files.isPending && <Spinner label="Loading files" />}
        {files.isError && (isGone(files.error) ? <ShareGone /> : <ShareError message={errorText(files.error)} />)}
        {files.isSuccess && items.length === 0 && <p className="text-on-surface-variant">No items.</p>}
        {items.length > 0 && (
          <ShareFileTable items={items} sort={sort} onSortChange={setSort} onOpen={open} onDownload={download} />
        )}
      </div>
    );

  return (
    <div className="flex h-dvh flex-col">
      <Header signedIn={Boolean(session.data)} />
      <main className="flex min-h-0 flex-1 flex-col overflow-auto">{body}</main>
      {preview && <PreviewModal item={preview} items={items} source={source} onClose={() => setPreview(undefined)} />}
    </div>
  );
}
