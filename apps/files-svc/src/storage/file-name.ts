import { ACCEPTED_FILE_KINDS, type AcceptedFileKind } from '@clearing-desk/contracts';

/** Longest display name kept (the extension survives truncation). */
export const FILE_NAME_MAX = 255;

/**
 * A client's file name made safe for display and for a Content-Disposition header: last path
 * segment only, Unicode NFC, no control or bidi-override characters, none of `<>:"/\|?*`,
 * whitespace collapsed, no leading dots, at most 255 characters. Never used as a path.
 */
export function sanitiseFileName(raw: string | undefined, fallback = 'document'): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim();
  if (name.length > FILE_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    let stem = '';
    for (const ch of name.slice(0, name.length - ext.length)) {
      if (stem.length + ch.length > FILE_NAME_MAX - ext.length) break; // whole code points only
      stem += ch;
    }
    name = `${stem.trimEnd()}${ext}`;
  }
  return name || fallback;
}

/**
 * The display name with the extension of the format detected from the content:
 * kept when it already names that format (any case: `Scan.JPEG` for a JPEG), otherwise replaced
 * (`results.html` that is a PDF becomes `results.pdf`) or added (`scan` becomes `scan.pdf`), so
 * a file is never saved or opened by its name as something it is not (a PDF that is also HTML).
 * `name` is a sanitised name (`sanitiseFileName`); the answer stays within FILE_NAME_MAX.
 */
export function nameWithDetectedExtension(name: string, kind: AcceptedFileKind): string {
  const { extension, extensions } = ACCEPTED_FILE_KINDS[kind];
  const dot = name.lastIndexOf('.');
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if ((extensions as readonly string[]).includes(current)) return name;
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return sanitiseFileName(`${stem}.${extension}`);
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266,
 * RFC 8187), so a browser downloads the file instead of rendering it in the staff screens' origin.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
