import { ApiError } from "@/drive/api/api-client";
import { connectionErrorText, serverErrorText } from "@/drive/errors/error-message";

/** Why a file action failed, in words a user can act on. `name` is the item the action was about. */
export function actionErrorMessage(error: unknown, name?: string): string {
  if (error instanceof ApiError) {
    if (error.status === 409)
      return name ? `An item named "${name}" already exists here` : "That name is already taken here";
    if (error.status === 403) return "You don't have permission to do that";
    if (error.status === 404) return name ? `"${name}" no longer exists` : "That item no longer exists";
    if (error.status === 401) return "You are signed out. Sign in and try again";
    return serverErrorText(error) ?? `The server answered ${error.status}`;
  }
  const connection = connectionErrorText(error);
  if (connection) return connection;
  return error instanceof Error && error.message ? error.message : "Something went wrong";
}

/** "a.txt" for one item, "3 items" for several. */
export function itemsLabel(items: readonly { name: string }[]): string {
  return items.length === 1 ? `"${items[0]?.name}"` : `${items.length} items`;
}
