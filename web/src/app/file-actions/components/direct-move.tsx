import { useEffect } from "react";
import { useMoveFiles } from "../api/move-files";
import { type DirectMove as DirectMoveRequest, useFileActionsStore } from "../file-actions-store";

/** Runs a move that needs no dialog (drag and drop, paste) through the same mutation as the picker. */
export function DirectMove() {
  const request = useFileActionsStore((s) => s.directMove);
  const move = useMoveFiles();
  const { mutate } = move;
  useEffect(() => {
    if (!request) return;
    useFileActionsStore.setState({ directMove: null });
    mutate(request satisfies DirectMoveRequest);
  }, [request, mutate]);
  return null;
}
