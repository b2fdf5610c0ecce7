/**
 * Upload ids this tab is sending itself (the upload queue adds them), so its own progress events are not shown a
 * second time as "uploading elsewhere".
 */
export const ownUploads = new Set<string>();
