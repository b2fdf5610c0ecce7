/**
 * What Chromium and Safari count of the bytes a media element decoded (not in the standard DOM types; Firefox keeps
 * no such count).
 */
export interface DecodedBytes {
  webkitAudioDecodedByteCount?: number;
  webkitVideoDecodedByteCount?: number;
}

/**
 * Whether a media element that reached its end decoded nothing on the way: a file cut short after its header (an MP4
 * whose index is whole and whose media data is missing) "plays" to the end at once and fires no `error`. False where
 * the browser keeps no count. (A jump to the end of a good file still decodes the frames before it, from the last
 * key frame; and Chromium itself seeks such a file to its end, so a seek says nothing either way.)
 */
export function endedWithNothingDecoded(media: DecodedBytes): boolean {
  const { webkitAudioDecodedByteCount: audio, webkitVideoDecodedByteCount: video } = media;
  return audio === 0 && video === 0;
}
