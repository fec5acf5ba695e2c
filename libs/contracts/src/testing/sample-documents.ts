import type { AcceptedFileKind } from '../files/accepted-types';

/**
 * Test data (conventions.md `createX(overrides)`): minimal but well-formed documents of every
 * accepted kind, an executable and the EICAR anti-virus test file, built in memory so no binary
 * fixture lives in the repository. Used by files-svc's tests, the gateway's contract tests, the
 * browser tests and the upload benchmarks, through `@clearing-desk/contracts/testing` only: no
 * production code can import them.
 */

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const u16le = (n: number) => Uint8Array.of(n & 0xff, (n >>> 8) & 0xff);
const u32le = (n: number) => Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);
const u16be = (n: number) => Uint8Array.of((n >>> 8) & 0xff, n & 0xff);
const u32be = (n: number) => Uint8Array.of((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Printable filler so padded documents stay valid (comments, text chunks, stored entries). */
const filler = (n: number) => ascii('Clearing Desk sample document. '.repeat(Math.ceil(Math.max(0, n) / 31)).slice(0, Math.max(0, n)));

function pdf(pad: number): Uint8Array {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += o;
  }
  // Comment lines (at most 200 characters each) make up the requested size.
  for (let left = pad; left > 0;) {
    const n = Math.min(200, left);
    body += n === 1 ? '\n' : `%${'x'.repeat(n - 2)}\n`;
    left -= n;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return ascii(body);
}

function png(pad: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const typed = concat([ascii(type), data]);
    return concat([u32be(data.length), typed, u32be(crc32(typed))]);
  };
  const raw = Uint8Array.of(0, 0xff); // filter 0, one white grey pixel
  let a = 1;
  let b = 0;
  for (const x of raw) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  const zlib = concat([Uint8Array.of(0x78, 0x01, 0x01), u16le(raw.length), u16le(~raw.length & 0xffff), raw, u32be(((b << 16) | a) >>> 0)]);
  const ihdr = concat([u32be(1), u32be(1), Uint8Array.of(8, 0, 0, 0, 0)]);
  const text = pad > 12 ? [chunk('tEXt', concat([ascii('Comment\0'), filler(pad - 12 - 8)]))] : [];
  return concat([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', ihdr),
    ...text,
    chunk('IDAT', zlib),
    chunk('IEND', new Uint8Array()),
  ]);
}

function bmp(pad: number): Uint8Array {
  const pixels = concat([Uint8Array.of(0xff, 0xff, 0xff, 0), filler(pad)]);
  const info = concat([u32le(40), u32le(1), u32le(1), u16le(1), u16le(24), u32le(0), u32le(4), u32le(2835), u32le(2835), u32le(0), u32le(0)]);
  return concat([ascii('BM'), u32le(14 + 40 + pixels.length), u32le(0), u32le(54), info, pixels]);
}

/** A baseline 8x8 grey JPEG: one DC and one AC Huffman code, a single MCU. */
function jpeg(pad: number): Uint8Array {
  const segment = (marker: number, data: Uint8Array) => concat([Uint8Array.of(0xff, marker), u16be(data.length + 2), data]);
  const comments: Uint8Array[] = [];
  for (let left = pad; left > 4; left -= 65533 + 4) comments.push(segment(0xfe, filler(Math.min(65533, left - 4))));
  const oneCode = (tableClass: number) => concat([Uint8Array.of(tableClass), Uint8Array.of(1, ...new Array<number>(15).fill(0)), Uint8Array.of(0)]);
  return concat([
    Uint8Array.of(0xff, 0xd8),
    segment(0xe0, concat([ascii('JFIF\0'), Uint8Array.of(1, 1, 0), u16be(1), u16be(1), Uint8Array.of(0, 0)])),
    ...comments,
    segment(0xdb, concat([Uint8Array.of(0), new Uint8Array(64).fill(1)])),
    segment(0xc0, concat([Uint8Array.of(8), u16be(8), u16be(8), Uint8Array.of(1, 1, 0x11, 0)])),
    segment(0xc4, oneCode(0x00)),
    segment(0xc4, oneCode(0x10)),
    segment(0xda, Uint8Array.of(1, 1, 0x00, 0, 63, 0)),
    Uint8Array.of(0x3f), // DC difference 0 ('0'), end of block ('0'), padded with ones
    Uint8Array.of(0xff, 0xd9),
  ]);
}

/** A zip of stored (uncompressed) entries with a central directory. */
function zip(entries: [string, Uint8Array][]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const n = ascii(name);
    const crc = crc32(data);
    const common = concat([
      u16le(20),
      u16le(0),
      u16le(0),
      u16le(0),
      u16le(0x21),
      u32le(crc),
      u32le(data.length),
      u32le(data.length),
      u16le(n.length),
      u16le(0),
    ]);
    const local = concat([u32le(0x04034b50), common, n, data]);
    centrals.push(concat([u32le(0x02014b50), u16le(20), common, u16le(0), u16le(0), u16le(0), u32le(0), u32le(offset), n]));
    locals.push(local);
    offset += local.length;
  }
  const central = concat(centrals);
  const end = concat([u32le(0x06054b50), u16le(0), u16le(0), u16le(entries.length), u16le(entries.length), u32le(central.length), u32le(offset), u16le(0)]);
  return concat([...locals, central, end]);
}

function docx(pad: number, attachment?: Uint8Array): Uint8Array {
  const xml = (s: string) => ascii(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return zip([
    [
      '[Content_Types].xml',
      xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    ],
    [
      '_rels/.rels',
      xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    ],
    [
      'word/document.xml',
      xml(`<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>${new TextDecoder().decode(filler(Math.max(20, pad)))}</w:t></w:r></w:p></w:body></w:document>`),
    ],
    ...(attachment ? [['word/embeddings/attachment.bin', attachment] as [string, Uint8Array]] : []),
  ]);
}

/**
 * A compound file (OLE2/CFB, 512-byte sectors) holding one stream; a `WordDocument` stream is
 * what makes a CFB a Word 97-2003 document. Sectors: the FAT first, then the directory, then
 * the stream.
 */
export function createCompoundFile(streamName = 'WordDocument', pad = 0): Uint8Array {
  const SECTOR = 512;
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  const streamSize = Math.max(4096, Math.ceil(pad / SECTOR) * SECTOR); // >= 4096: a regular stream
  const streamSectors = streamSize / SECTOR;
  let fatSectors = 1;
  while (fatSectors * 128 < fatSectors + 1 + streamSectors) fatSectors++;
  if (fatSectors > 109) throw new Error('createCompoundFile: too large for the header DIFAT');
  const dirSector = fatSectors;
  const header = new Uint8Array(SECTOR);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  header.set(concat([u16le(0x3e), u16le(3), u16le(0xfffe), u16le(9), u16le(6)]), 0x18);
  header.set(concat([u32le(fatSectors), u32le(dirSector), u32le(0), u32le(0x1000), u32le(END), u32le(0), u32le(END), u32le(0)]), 0x2c);
  for (let i = 0; i < 109; i++) header.set(u32le(i < fatSectors ? i : FREE), 0x4c + i * 4);
  const fat = new Uint8Array(fatSectors * SECTOR).fill(0xff);
  for (let i = 0; i < fatSectors; i++) fat.set(u32le(0xfffffffd), i * 4); // FAT sectors
  fat.set(u32le(END), dirSector * 4); // the directory: one sector
  const first = dirSector + 1;
  for (let i = 0; i < streamSectors; i++) fat.set(u32le(i === streamSectors - 1 ? END : first + i + 1), (first + i) * 4);
  const entry = (name: string, type: number, child: number, start: number, size: number) => {
    const e = new Uint8Array(128);
    const utf16 = concat([...name].map((c) => u16le(c.charCodeAt(0))));
    e.set(utf16, 0);
    e.set(u16le(name ? utf16.length + 2 : 0), 0x40);
    e.set(Uint8Array.of(type, 1), 0x42);
    e.set(concat([u32le(FREE), u32le(FREE), u32le(child)]), 0x44);
    e.set(concat([u32le(start), u32le(size), u32le(0)]), 0x74);
    return e;
  };
  const directory = new Uint8Array(SECTOR);
  directory.set(entry('Root Entry', 5, 1, END, 0), 0);
  directory.set(entry(streamName, 2, FREE, first, streamSize), 128);
  for (let at = 256; at < SECTOR; at += 128) directory.set(entry('', 0, FREE, 0, 0), at); // unused
  const stream = new Uint8Array(streamSize);
  stream.set(u16le(0xa5ec), 0); // Word's FIB magic
  return concat([header, fat, directory, stream]);
}

/** Options of `createSampleDocument`. */
export type SampleDocumentOptions = {
  /** Pad the document to at least this many bytes (still well-formed). */
  minBytes?: number;
  /** DOCX only: an embedded file (e.g. `createEicarTestFile()`, which a virus scanner finds inside). */
  attachment?: Uint8Array;
};

/** A well-formed document of `kind`, at least `minBytes` long. */
export function createSampleDocument(kind: AcceptedFileKind, { minBytes = 0, attachment }: SampleDocumentOptions = {}): Uint8Array {
  const build = { pdf, png, bmp, jpeg, docx: (pad: number) => docx(pad, attachment), doc: (pad: number) => createCompoundFile('WordDocument', pad) }[kind];
  let pad = 0;
  let out = build(pad);
  while (out.length < minBytes) {
    pad += minBytes - out.length;
    out = build(pad);
  }
  return out;
}

/**
 * The 68-byte EICAR anti-virus test file (eicar.org), assembled at run time so that no source
 * file contains it verbatim and no scanner on a developer's machine quarantines the repository.
 */
export function createEicarTestFile(): Uint8Array {
  const reversed = '*H+H$!ELIF-TSET-SURIVITNA-DRADNATS-RACIE$}7)CC7)^P(45XZP\\4[PA@%P!O5X';
  return ascii([...reversed].reverse().join(''));
}

/** An ELF executable header (what a renamed Linux binary starts with). */
export const createElfExecutable = (): Uint8Array =>
  concat([Uint8Array.of(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0), new Uint8Array(8), u16le(2), u16le(0x3e), u32le(1), new Uint8Array(200)]);

/** A DOS/Windows executable header ('MZ', what a renamed .exe starts with). */
export const createWindowsExecutable = (): Uint8Array => concat([ascii('MZ'), new Uint8Array(58), u32le(64), ascii('PE\0\0'), new Uint8Array(200)]);
