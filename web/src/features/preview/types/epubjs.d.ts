// epub.js ships without type declarations; these cover what the epub viewer uses.
declare module "epubjs" {
  export interface Rendition {
    display(target?: string): Promise<void>;
    next(): Promise<void>;
    prev(): Promise<void>;
  }
  export interface RenderOptions {
    width?: string | number;
    height?: string | number;
    flow?: "paginated" | "scrolled";
    view?: unknown;
  }
  export interface Book {
    renderTo(element: Element, options?: RenderOptions): Rendition;
    destroy(): void;
  }
  export default function ePub(data: ArrayBuffer | string): Book;
}

declare module "epubjs/src/managers/views/iframe" {
  export default class IframeView {
    constructor(section: unknown, options?: unknown);
    create(): HTMLIFrameElement;
  }
}
