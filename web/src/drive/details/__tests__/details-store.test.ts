import { afterEach, describe, expect, it } from "vitest";
import { useDetails } from "../details-store";

afterEach(() => {
  useDetails.setState({ open: false, itemId: undefined, opener: null });
  document.body.replaceChildren();
});

const button = (label: string) => {
  const el = document.createElement("button");
  el.textContent = label;
  document.body.append(el);
  return el;
};

describe("details store", () => {
  it("shows an item, asks for focus each time, and gives focus back to what opened it", () => {
    const opener = button("Details");
    opener.focus();
    const before = useDetails.getState().focusRequest;
    useDetails.getState().show("a");
    expect(useDetails.getState()).toMatchObject({ open: true, itemId: "a", focusRequest: before + 1 });
    useDetails.getState().show();
    expect(useDetails.getState()).toMatchObject({ itemId: "a", focusRequest: before + 2 });

    button("elsewhere").focus();
    useDetails.getState().close();
    expect(useDetails.getState().open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it("toggles, and forgets the item when the list changes", () => {
    useDetails.getState().toggle();
    expect(useDetails.getState().open).toBe(true);
    useDetails.getState().show("b");
    useDetails.getState().forget();
    expect(useDetails.getState().itemId).toBeUndefined();
    useDetails.getState().toggle();
    expect(useDetails.getState().open).toBe(false);
  });

  it("leaves focus alone when what opened it is gone", () => {
    const opener = button("gone");
    opener.focus();
    useDetails.getState().show("c");
    opener.remove();
    const other = button("other");
    other.focus();
    useDetails.getState().close();
    expect(document.activeElement).toBe(other);
  });
});
