import { XMLParser, XMLValidator } from "fast-xml-parser";
import { badRequest } from "../http/errors.js";

/**
 * XML in and out for WebDAV. Parsing is fast-xml-parser's (validation, entities, order kept); on top of it, only
 * what it leaves to callers: resolving namespace prefixes, which WebDAV needs because a property is named by its
 * namespace URI plus its local name, whatever prefix a client picked.
 */

export const DAV = "DAV:";

export interface XmlElement {
  ns: string;
  local: string;
  /** Attributes without a prefix (the only ones dead property values keep). */
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Request bodies larger than this are refused: a PROPFIND, PROPPATCH or LOCK body is a few kilobytes. */
export const MAX_XML_BYTES = 1024 * 1024;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  // Also decodes numeric character references (`&#65536;`), which fast-xml-parser ties to this option; the HTML
  // names it adds (`&nbsp;`) are accepted too, which only makes it more lenient.
  htmlEntities: true,
});

type Raw = Record<string, unknown>;

function toElement(raw: Raw, scope: Map<string, string>): XmlElement | string | null {
  const name = Object.keys(raw).find((k) => k !== ":@");
  if (name === undefined) return null;
  if (name === "#text") return String(raw[name] ?? "");
  if (name.startsWith("?") || name.startsWith("!")) return null;
  const attrs = (raw[":@"] ?? {}) as Record<string, string>;
  const inner = new Map(scope);
  const plain: Record<string, string> = {};
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "xmlns") inner.set("", value);
    else if (key.startsWith("xmlns:")) {
      // Namespaces in XML 1.0: a prefix cannot be undeclared.
      if (value === "") throw badRequest("invalid XML: a namespace prefix bound to an empty name");
      inner.set(key.slice(6), value);
    } else if (!key.includes(":")) plain[key] = value;
  }
  const colon = name.indexOf(":");
  const prefix = colon < 0 ? "" : name.slice(0, colon);
  const ns = inner.get(prefix);
  if (ns === undefined && prefix !== "") throw badRequest(`invalid XML: undeclared namespace prefix "${prefix}"`);
  const children: XmlNode[] = [];
  for (const child of (raw[name] ?? []) as Raw[]) {
    const node = toElement(child, inner);
    if (node !== null) children.push(node);
  }
  return { ns: ns ?? "", local: colon < 0 ? name : name.slice(colon + 1), attrs: plain, children };
}

/** The document element of `text`, namespaces resolved; 400 for anything that is not well-formed XML. */
export function parseXml(text: string): XmlElement {
  // No DTDs: nothing WebDAV sends needs one, and they are how entity expansion attacks start.
  if (/<!DOCTYPE/i.test(text)) throw badRequest("invalid XML: document type declarations are not accepted");
  if (XMLValidator.validate(text) !== true) throw badRequest("invalid XML body");
  const roots = (parser.parse(text) as Raw[]).map((r) => toElement(r, new Map([["xml", "xml"]])));
  const root = roots.find((r): r is XmlElement => typeof r === "object" && r !== null);
  if (!root) throw badRequest("invalid XML body: no element");
  return root;
}

export const elements = (el: XmlElement) => el.children.filter((c): c is XmlElement => typeof c !== "string");
export const child = (el: XmlElement, local: string, ns = DAV) =>
  elements(el).find((c) => c.ns === ns && c.local === local);
export const textOf = (el: XmlElement): string =>
  el.children.map((c) => (typeof c === "string" ? c : textOf(c))).join("");

// XML 1.0 cannot carry most control characters even escaped; names may hold them (only `/` and NUL are refused).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what XML cannot hold
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(s: string): string {
  return s
    .replace(NOT_XML, "\ufffd")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Serialises nodes with every namespace declared where it is used, so the text stands alone (dead property values). */
export function serializeNodes(nodes: XmlNode[], depth = 0): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return escapeXml(node);
      const prefix = `v${depth}`;
      const attrs = Object.entries(node.attrs)
        .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
        .join("");
      const open = node.ns
        ? `${prefix}:${node.local} xmlns:${prefix}="${escapeXml(node.ns)}"`
        : `${node.local} xmlns=""`;
      const close = node.ns ? `${prefix}:${node.local}` : node.local;
      return `<${open}${attrs}>${serializeNodes(node.children, depth + 1)}</${close}>`;
    })
    .join("");
}
