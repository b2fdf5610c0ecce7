/** A part the server has stored (`UploadPart` of the API). */
export interface UploadedPart {
  partNo: number;
  partId: number;
  channelId: number;
  size: number;
  encrypted: boolean;
  salt?: string;
}

export interface PartRequest {
  uploadId: string;
  body: Blob;
  partName: string;
  fileName: string;
  partNo: number;
  channelId: number;
  encrypted: boolean;
}

export interface CreateFileBody {
  name: string;
  type: "file";
  path: string;
  size: number;
  mimeType: string;
  parts: { id: number; salt?: string }[];
  encrypted: boolean;
  channelId: number;
  replace?: boolean;
}

/** Everything the queue asks of the server; the browser uses XHR/fetch, tests a fake. */
export interface UploadTransport {
  userId(): Promise<number | string>;
  listParts(uploadId: string, signal: AbortSignal): Promise<UploadedPart[]>;
  /** Rejects with a `PartError` carrying the HTTP status (0 for network faults). */
  sendPart(request: PartRequest, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<UploadedPart>;
  createFile(body: CreateFileBody, signal: AbortSignal): Promise<void>;
  deleteUpload(uploadId: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  exists(folderPath: string, name: string): Promise<boolean>;
}
