/**
 * Opens the browser's file (or folder) picker. The input is attached to the page while open so that
 * browsers and test drivers treat it like any other file input.
 */
export function pickFiles(options: { folder?: boolean }): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.multiple = true;
    input.hidden = true;
    if (options.folder) input.webkitdirectory = true;
    const done = () => {
      input.remove();
      resolve([...(input.files ?? [])]);
    };
    input.addEventListener("change", done, { once: true });
    input.addEventListener("cancel", done, { once: true });
    document.body.append(input);
    input.click();
  });
}
