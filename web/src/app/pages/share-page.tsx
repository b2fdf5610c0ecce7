import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { Header } from "@/app/shell/components/header";
import { ApiError } from "@/drive/api/api-client";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { errorText } from "@/drive/errors/error-message";
import { type FileItem, FOLDER_MIME } from "@/drive/files/file-item";
import { folderName, joinPath } from "@/drive/files/folder-path";
import { sessionQueryOptions } from "@/drive/session/session";
import { sortFieldOf } from "@/features/files/lib/list-query";
import { useViewPrefs } from "@/features/files/stores/view-prefs-store";
import { downloadFrom } from "@/features/preview/lib/download";
import type { PreviewSource } from "@/features/preview/lib/preview-source";
import { shareInfoQueryOptions } from "@/features/share/api/get-share";
import { shareFilesQueryOptions } from "@/features/share/api/list-share-files";
import { SHARE_FOLDER_ID, shareWalk } from "@/features/share/api/share-walk";
import { ShareError } from "@/features/share/components/share-error";
import type { ShareSort } from "@/features/share/components/share-file-table";
import { ShareFileView } from "@/features/share/components/share-file-view";
import { ShareGone } from "@/features/share/components/share-gone";
import { ShareSaveButton } from "@/features/share/components/share-save-button";
import { ShareUnlockForm } from "@/features/share/components/share-unlock-form";
import { shareAuthorization, shareContentUrl, sharePasswords } from "@/features/share/lib/share-auth";
import { toShareItem } from "@/features/share/lib/share-items";
import type { ZipSource } from "@/features/zip-download/download-as-zip";
import { usePageTitle } from "@/lib/document-title";
import { toast } from "@/lib/toast";
import { Spinner } from "@/ui/spinner";

// The preview loads when a file is opened (or shown: a share of one file), not with the page.
const PreviewModal = lazy(() =>
  import("@/features/preview/components/preview-modal").then((m) => ({ default: m.PreviewModal })),
);
const PreviewBody = lazy(() =>
  import("@/features/preview/components/preview-body").then((m) => ({ default: m.PreviewBody })),
);
// A shared folder's list and grid are not needed for a shared file.
const ShareFolderView = lazy(() => import("./share-folder-view").then((m) => ({ default: m.ShareFolderView })));

const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);
const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A public link: asks for the password when protected; a folder shows as the drive shows one (list or grid with
 * thumbnails, previews, Download all), a single file as that file (its preview and Download).
 */
export function SharePage({ shareId, path }: { shareId: string; path: string }) {
  const navigate = useNavigate();
  const session = useQuery(sessionQueryOptions());
  const capabilities = useQuery(capabilitiesQueryOptions());
  const info = useQuery({ ...shareInfoQueryOptions(shareId), retry: false });
  usePageTitle(info.data?.name || "Shared with you");
  const [password, setPassword] = useState(() => sharePasswords.get(shareId));
  // The visitor's own sort in their drive to begin with; changing it here changes only this page.
  const [sort, setSort] = useState<ShareSort>(() => {
    const stored = useViewPrefs.getState().sort;
    return { sort: sortFieldOf(stored.sortId), order: stored.order };
  });
  const [preview, setPreview] = useState<FileItem | undefined>();
  // Opening a folder replaces the list the focus was in: from then on the new list takes it.
  const [focusList, setFocusList] = useState(false);
  const locked = info.data?.protected === true && !password;
  const files = useQuery({
    ...shareFilesQueryOptions({ shareId, path, password, ...sort }),
    enabled: info.isSuccess && !locked && capabilities.isFetched,
    retry: false,
  });
  const offers = capabilities.data;
  const items = useMemo(
    () =>
      (files.data?.items ?? []).map((f) =>
        toShareItem(f, shareId, {
          thumbnails: offers?.thumbnails ?? false,
          videoPosters: offers?.videoPosters ?? false,
        }),
      ),
    [files.data, shareId, offers],
  );
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
  const open = (item: FileItem) => {
    if (!item.isDir) return setPreview(item);
    setFocusList(true);
    goTo(joinPath(path, item.name));
  };
  const download = (item: FileItem) =>
    downloadFrom(source, item).catch((e: unknown) =>
      toast.error(`Download failed: ${e instanceof Error ? e.message : "unknown error"}`),
    );
  const downloadAll = () => {
    const name = path === "/" ? (info.data?.name ?? "Shared") : folderName(path);
    const folder = toShareItem({ id: SHARE_FOLDER_ID, name, type: "folder", mimeType: FOLDER_MIME }, shareId, {
      thumbnails: false,
      videoPosters: false,
    });
    const from: ZipSource = shareWalk({ shareId, password, start: path });
    // The zip's own module, loaded on first use as the drive loads it (its entry stays out of the drive's chunks).
    import("@/features/zip-download/zip-job").then(
      (zip) => zip.startZipDownload([folder], from),
      () => toast.error("Could not start the zip; try again"),
    );
  };
  const unlock = (value: string) => {
    sharePasswords.set(shareId, value);
    setPassword(value);
  };
  const saveButton = session.data && capabilities.data?.saveShares && files.isSuccess && (
    <ShareSaveButton shareId={shareId} password={password} />
  );

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
  else if (files.isError) body = isGone(files.error) ? <ShareGone /> : <ShareError message={errorText(files.error)} />;
  else if (!files.isSuccess) body = <Spinner label="Loading files" className="m-auto" />;
  else if (info.data.type === "file" && items[0]) {
    const file = items[0];
    body = (
      <ShareFileView
        item={file}
        actions={saveButton}
        onDownload={() => download(file)}
        preview={
          <Suspense fallback={<Spinner label="Loading preview" className="m-auto" />}>
            <PreviewBody item={file} source={source} onDownload={() => download(file)} />
          </Suspense>
        }
      />
    );
  } else
    body = (
      <Suspense fallback={<Spinner label="Loading files" className="m-auto" />}>
        <ShareFolderView
          name={info.data.name}
          path={path}
          items={items}
          sort={sort}
          onSortChange={setSort}
          onNavigate={goTo}
          onOpen={open}
          onDownload={download}
          onDownloadAll={downloadAll}
          actions={saveButton}
          focusList={focusList}
        />
      </Suspense>
    );

  return (
    <div className="flex h-dvh flex-col">
      <Header signedIn={Boolean(session.data)} />
      <main className="flex min-h-0 flex-1 flex-col overflow-auto">{body}</main>
      {preview && (
        <Suspense fallback={null}>
          <PreviewModal item={preview} items={items} source={source} onClose={() => setPreview(undefined)} />
        </Suspense>
      )}
    </div>
  );
}
