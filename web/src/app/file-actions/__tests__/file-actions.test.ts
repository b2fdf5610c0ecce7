import { afterEach, describe, expect, it } from "vitest";
import { toFileItem } from "@/drive/files/file-item";
import { createFileActions, type PageAddress } from "../file-actions";
import { useFileActionsStore } from "../file-actions-store";

const item = toFileItem({ id: "f1", name: "a.txt", type: "file", mimeType: "text/plain", parentId: "root" });
const actionsAt = (page: PageAddress) => createFileActions(() => page);

afterEach(() => useFileActionsStore.setState({ dialog: null, lastCtx: null }));

describe("createFileActions", () => {
  it("starts the move picker in the folder the page shows", () => {
    actionsAt({ origin: "http://drive.test", pathname: "/my-drive", search: "?path=%2FDocs%2F2024" }).move([item]);
    expect(useFileActionsStore.getState().dialog).toMatchObject({ kind: "move", startPath: "/Docs/2024" });
  });

  it("elsewhere starts the copy picker in the folder last acted in, else at the root", () => {
    const actions = actionsAt({ origin: "http://drive.test", pathname: "/recent", search: "" });
    actions.copy([item]);
    expect(useFileActionsStore.getState().dialog).toMatchObject({ kind: "copy", startPath: "/" });
    useFileActionsStore.setState({ lastCtx: { folderPath: "/Work", items: [] } });
    actions.copy([item]);
    expect(useFileActionsStore.getState().dialog).toMatchObject({ kind: "copy", startPath: "/Work" });
  });
});
