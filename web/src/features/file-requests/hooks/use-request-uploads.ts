import type { FileRequestPublic } from "@drive/contract";
import { useCallback, useRef, useState } from "react";
import { RequestCallError, sendFile } from "../api/public-request";
import { refusalBeforeSending, uploadErrorText } from "../lib/upload-errors";

export interface RequestUpload {
  key: number;
  name: string;
  size: number;
  sent: number;
  state: "waiting" | "sending" | "done" | "failed";
  /** The name it got in the folder (maybe "name (1).ext"), once done. */
  storedName?: string;
  error?: string;
}

/**
 * The uploader's files for one request, sent one after another, each with its progress and result. Only this
 * browser's own uploads are ever shown: the server tells nothing of others'.
 */
export function useRequestUploads(id: string, info: FileRequestPublic, onLocked: () => void) {
  const [uploads, setUploads] = useState<RequestUpload[]>([]);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const running = useRef(false);
  const accepted = useRef(0);
  const nextKey = useRef(1);
  const patch = useCallback(
    (key: number, change: Partial<RequestUpload>) =>
      setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u))),
    [],
  );

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    for (let job = queue.current.shift(); job; job = queue.current.shift()) {
      const { key, file } = job;
      patch(key, { state: "sending" });
      try {
        const stored = await sendFile(id, file, (sent) => patch(key, { sent }));
        patch(key, { state: "done", sent: file.size, storedName: stored.name });
      } catch (error) {
        const status = error instanceof RequestCallError ? error.status : 0;
        accepted.current -= 1;
        patch(key, { state: "failed", error: uploadErrorText(status, info) });
        if (status === 401) onLocked();
      }
    }
    running.current = false;
  }, [id, info, onLocked, patch]);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: RequestUpload[] = [];
      for (const file of files) {
        const key = nextKey.current++;
        const error = refusalBeforeSending(file, info, accepted.current);
        added.push({ key, name: file.name, size: file.size, sent: 0, state: error ? "failed" : "waiting", error });
        if (!error) {
          accepted.current += 1;
          queue.current.push({ key, file });
        }
      }
      setUploads((list) => [...list, ...added]);
      void run();
    },
    [info, run],
  );

  return { uploads, add };
}
