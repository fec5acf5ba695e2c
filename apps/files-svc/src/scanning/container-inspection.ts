import { open as openFile, readFile } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ScanVerdict, Scanner } from './clamav-scanner';

/**
 * What a container may hold before it is refused (README "Containers"; config FILES_CONTAINER_*).
 * Sizes in bytes.
 */
export type ContainerLimits = {
  /** Declared and actual uncompressed total of a ZIP-based document. */
  maxUncompressedBytes: number;
  /** Uncompressed / compressed size of one entry above `ratioFloorBytes`. */
  maxRatio: number;
  maxEntries: number;
};

/** Entries smaller than this are never judged by their ratio (a short run of spaces compresses well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Why a container was refused; the signature it is reported under is `Container.Refused.<reason>`. */
export type RefusalReason =
  'Unreadable' | 'TooManyEntries' | 'Encrypted' | 'Nested' | 'UncompressedTooLarge' | 'RatioTooHigh' | 'Macros' | 'PdfJavaScript' | 'PdfEmbeddedFile';

/** A refusal as a scan verdict: the upload answers spec section 8's file_virus, like a signature. */
export const refusedVerdict = (reason: RefusalReason): ScanVerdict => ({ infected: true, signatures: [`Container.Refused.${reason}`] });

class Refused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** Magic numbers of archives that must not sit inside a document: ZIP, 7z, RAR, gzip, bzip2, xz, OLE2 with a package. */
const ARCHIVE_MAGICS = [
  ZIP_MAGIC,
  Buffer.from('PK\x05\x06', 'latin1'),
  Buffer.from('7z\xbc\xaf\x27\x1c', 'latin1'),
  Buffer.from('Rar!', 'latin1'),
  Buffer.from([0x1f, 0x8b]),
  Buffer.from('BZh', 'latin1'),
  Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]),
];
const ARCHIVE_NAME = /\.(zip|zipx|jar|docx|docm|xlsx|xlsm|pptx|pptm|odt|ods|odp|7z|rar|gz|tgz|bz2|xz|tar|cab)$/i;
/** A VBA project or macro sheet: Word's and Excel's macro-enabled parts (.docm/.xlsm saved as any name). */
const MACRO_PART = /(^|\/)(vbaProject\.bin|vbaData\.xml|macrosheets\/)/i;

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await openFile(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Inspects a ZIP-based document (DOCX, XLSX, ODT...) or a PDF beside clamd, which skips what it cannot
 * read (zip64 entries among them): null when the file is another kind or passes, else the verdict
 * that refuses it. A ZIP is read with yauzl (zip64 like any other entry): more than `maxEntries`
 * entries, an encrypted entry, a nested archive, a macro project, a declared or actual uncompressed
 * total beyond `maxUncompressedBytes`, an entry's ratio beyond `maxRatio`, or anything yauzl cannot
 * read is refused; every entry is then streamed to clamd with its inflation capped, so nothing
 * clamd did not read is ever clean. A PDF with JavaScript or embedded files is refused (also when
 * the names sit in compressed object streams or are written with #xx escapes).
 * @throws ScannerUnavailableError when clamd gives no verdict on an entry (the job retries).
 */
export async function inspectContainer(path: string, scanner: Scanner, limits: ContainerLimits): Promise<{ verdict: ScanVerdict; reason?: string } | null> {
  const head = await readHead(path, 8);
  try {
    if (head.subarray(0, 4).equals(ZIP_MAGIC)) return await inspectZip(path, scanner, limits);
    if (head.subarray(0, 5).equals(PDF_MAGIC)) return inspectPdf(await readFile(path));
    return null;
  } catch (err) {
    if (err instanceof Refused) return { verdict: refusedVerdict(err.reason), reason: err.reason };
    throw err;
  }
}

const openZip = (path: string): Promise<ZipFile> =>
  new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (err, zip) =>
      err || !zip ? reject(new Refused('Unreadable')) : resolve(zip),
    ),
  );

/** Every entry of the central directory, or Refused('Unreadable'|'TooManyEntries'). */
function readEntries(zip: ZipFile, maxEntries: number): Promise<Entry[]> {
  if (zip.entryCount > maxEntries) return Promise.reject(new Refused('TooManyEntries'));
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new Refused('Unreadable')));
    zip.readEntry();
  });
}

/** A stream of the entry's inflated bytes, destroyed with Refused('UncompressedTooLarge') past `cap`. */
function entryStream(zip: ZipFile, entry: Entry, cap: { left: number }): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new Refused('Unreadable'));
      const capped = new Transform({
        transform(chunk: Buffer, _enc, done) {
          cap.left -= chunk.length;
          if (cap.left < 0) done(new Refused('UncompressedTooLarge'));
          else done(null, chunk);
        },
      });
      stream.on('error', (e) => capped.destroy(e instanceof Refused ? e : new Refused('Unreadable')));
      resolve(stream.pipe(capped));
    }),
  );
}

/** The first bytes of an entry (for nested-archive magic numbers). */
async function entryHead(zip: ZipFile, entry: Entry, cap: { left: number }): Promise<Buffer> {
  const stream = await entryStream(zip, entry, cap);
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve) => {
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= 8) stream.destroy();
    });
    const done = () => resolve(Buffer.concat(chunks).subarray(0, 8));
    stream.on('close', done);
    stream.on('end', done);
    stream.on('error', done);
  });
}

async function inspectZip(path: string, scanner: Scanner, limits: ContainerLimits): Promise<{ verdict: ScanVerdict; reason?: string } | null> {
  const zip = await openZip(path);
  try {
    const entries = await readEntries(zip, limits.maxEntries);
    let declared = 0;
    for (const entry of entries) {
      if (entry.isEncrypted()) throw new Refused('Encrypted');
      if (MACRO_PART.test(entry.fileName)) throw new Refused('Macros');
      if (ARCHIVE_NAME.test(entry.fileName)) throw new Refused('Nested');
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes) throw new Refused('UncompressedTooLarge');
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxRatio) {
        throw new Refused('RatioTooHigh');
      }
    }
    // yauzl holds each entry to its declared size (validateEntrySizes), and the declared total is
    // within the limit: the per-entry cap is a second fence on the actual inflation.
    const capOf = (entry: Entry) => ({ left: entry.uncompressedSize });
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const head = await entryHead(zip, entry, capOf(entry));
      if (ARCHIVE_MAGICS.some((magic) => head.subarray(0, magic.length).equals(magic))) throw new Refused('Nested');
      if (entry.fileName === '[Content_Types].xml' && /macroEnabled/i.test(await entryText(zip, entry, capOf(entry)))) throw new Refused('Macros');
    }
    for (const entry of entries) {
      if (entry.fileName.endsWith('/') || entry.uncompressedSize === 0) continue;
      let failure: unknown = null;
      let verdict: ScanVerdict;
      try {
        verdict = await scanner.scanStream(async () => {
          const inflated = await entryStream(zip, entry, capOf(entry));
          inflated.on('error', (err) => (failure = err));
          return inflated;
        });
      } catch (err) {
        if (failure instanceof Refused) throw failure;
        throw err;
      }
      if (failure instanceof Refused) throw failure;
      if (verdict.infected) return { verdict };
    }
    return null;
  } finally {
    zip.close();
  }
}

async function entryText(zip: ZipFile, entry: Entry, cap: { left: number }): Promise<string> {
  const stream = await entryStream(zip, entry, { left: Math.min(cap.left, 4 * 1024 * 1024) });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** PDF names that run code or carry files: /JavaScript, /JS, /EmbeddedFile(s), /Launch, /RichMedia. */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|RichMedia)\b/;
const PDF_EMBEDDED = /\/(EmbeddedFiles?|FileAttachment)\b/;
/** A PDF name written with #xx escapes (/J#61vaScript) read as its plain name. */
const unescapeNames = (text: string) => text.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
/** Most bytes one compressed PDF stream may inflate to while it is searched. */
const PDF_STREAM_CAP = 16 * 1024 * 1024;

/** The PDF's text and the inflated text of its Flate streams (object streams hide names there). */
function* pdfTexts(bytes: Buffer): Generator<string> {
  const raw = bytes.toString('latin1');
  yield raw;
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw)) !== null) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    try {
      yield inflateSync(bytes.subarray(start, end), { maxOutputLength: PDF_STREAM_CAP }).toString('latin1');
    } catch {
      // Not Flate, or damaged: its raw bytes were searched above.
    }
    streams.lastIndex = end;
  }
}

function inspectPdf(bytes: Buffer): { verdict: ScanVerdict; reason: string } | null {
  for (const text of pdfTexts(bytes)) {
    const plain = unescapeNames(text);
    if (PDF_ACTIVE.test(plain)) return { verdict: refusedVerdict('PdfJavaScript'), reason: 'PdfJavaScript' };
    if (PDF_EMBEDDED.test(plain)) return { verdict: refusedVerdict('PdfEmbeddedFile'), reason: 'PdfEmbeddedFile' };
  }
  return null;
}
