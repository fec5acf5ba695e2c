import type { AcceptedFileKind } from '@clearing-desk/contracts';

/**
 * Judges an upload's format from its bytes alone (never from the name or the client's
 * Content-Type; docs/domain/uploads.md). Recognises only the accepted kinds and checks more than the first bytes where a
 * prefix alone would admit other files: BMP's header size, PNG's IHDR chunk, a compound file's
 * `WordDocument` stream (an OLE2 file is also what XLS, PPT and MSI are), a zip's
 * `[Content_Types].xml` and `word/` entries (a zip is also XLSX, JAR, APK...). Returns null for
 * anything else, executables included.
 */
export function detectDocumentType(bytes: Buffer): AcceptedFileKind | null {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, PNG) && bytes.toString('latin1', 12, 16) === 'IHDR') return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (isBmp(bytes)) return 'bmp';
  if (startsWith(bytes, CFB)) return compoundFileHasStream(bytes, 'WordDocument') ? 'doc' : null;
  if (startsWith(bytes, ZIP_LOCAL)) return isWordZip(bytes) ? 'docx' : null;
  return null;
}

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const startsWith = (bytes: Buffer, magic: Buffer) => bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);

/** 'BM' then a DIB header of one of the sizes Windows and OS/2 define. */
function isBmp(bytes: Buffer): boolean {
  if (bytes.length < 26 || bytes.toString('latin1', 0, 2) !== 'BM') return false;
  return [12, 16, 40, 52, 56, 64, 108, 124].includes(bytes.readUInt32LE(14));
}

const END_OF_CHAIN = 0xfffffffe;

/**
 * Whether a Compound File Binary (MS-CFB) has a stream named `name` in its directory: reads the
 * FAT from the header's DIFAT (109 entries cover files far beyond the 5 MB limit) and follows
 * the directory's sector chain. Any inconsistency means "no".
 */
function compoundFileHasStream(bytes: Buffer, name: string): boolean {
  if (bytes.length < 512) return false;
  const shift = bytes.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return false;
  const sectorSize = 1 << shift;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const fatSectors = bytes.readUInt32LE(0x2c);
  if (fatSectors < 1 || fatSectors > 109) return false;
  const fat: number[] = [];
  for (let i = 0; i < fatSectors; i++) {
    const at = sectorOffset(bytes.readUInt32LE(0x4c + i * 4));
    if (at + sectorSize > bytes.length) return false;
    for (let j = 0; j < sectorSize; j += 4) fat.push(bytes.readUInt32LE(at + j));
  }
  const wanted = Buffer.from(name, 'utf16le');
  const seen = new Set<number>();
  for (let sector = bytes.readUInt32LE(0x30); sector !== END_OF_CHAIN; sector = fat[sector] ?? END_OF_CHAIN) {
    if (seen.has(sector) || seen.size > 4096) return false; // a loop or an absurd chain
    seen.add(sector);
    const at = sectorOffset(sector);
    if (at + sectorSize > bytes.length) return false;
    for (let entry = at; entry < at + sectorSize; entry += 128) {
      const nameBytes = bytes.readUInt16LE(entry + 0x40);
      const type = bytes[entry + 0x42];
      if (type === 2 && nameBytes === wanted.length + 2 && bytes.subarray(entry, entry + wanted.length).equals(wanted)) return true;
    }
  }
  return false;
}

/**
 * Whether a zip is a WordprocessingML package: its central directory (found from the end record)
 * lists `[Content_Types].xml` and entries under `word/`.
 */
function isWordZip(bytes: Buffer): boolean {
  const END_RECORD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_RECORD) {
      end = at;
      break;
    }
  }
  if (end < 0) return false;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let contentTypes = false;
  let word = false;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return false;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const entryName = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (entryName === '[Content_Types].xml') contentTypes = true;
    if (entryName.startsWith('word/')) word = true;
    at += 46 + nameLength + extra + comment;
  }
  return contentTypes && word;
}
