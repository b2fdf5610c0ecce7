import { describe, expect, it } from "vitest";
import { endedWithNothingDecoded } from "../media-failure";

describe("endedWithNothingDecoded", () => {
  it("is true when the element reached its end without decoding a byte of sound or picture", () => {
    expect(endedWithNothingDecoded({ webkitAudioDecodedByteCount: 0, webkitVideoDecodedByteCount: 0 })).toBe(true);
  });

  it("is false once anything was decoded: a silent video, a song, a whole film", () => {
    expect(endedWithNothingDecoded({ webkitAudioDecodedByteCount: 0, webkitVideoDecodedByteCount: 5120 })).toBe(false);
    expect(endedWithNothingDecoded({ webkitAudioDecodedByteCount: 4096, webkitVideoDecodedByteCount: 0 })).toBe(false);
  });

  it("is false where the browser keeps no count", () => {
    expect(endedWithNothingDecoded({})).toBe(false);
    expect(endedWithNothingDecoded({ webkitAudioDecodedByteCount: 0 })).toBe(false);
  });
});
