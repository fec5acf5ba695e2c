import { constants, crc32, createDeflateRaw } from 'node:zlib';

const MIB = 1024 * 1024;

/** One MiB of zero bytes deflated on its own and ended byte-aligned (a full flush), so copies of it can follow each other. */
async function deflatedZeroMebibyte(): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  deflate.write(Buffer.alloc(MIB));
  await new Promise<void>((resolve) => deflate.flush(constants.Z_FULL_FLUSH, () => resolve()));
  deflate.close();
  return Buffer.concat(out);
}

type ZipEntry = { name: string; method: 0 | 8; data: Buffer; crc: number; size: number };

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A zip (no zip64: every size below 4 GiB) of stored or deflated entries with a central directory. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const common = Buffer.concat([u16(20), u16(0), u16(e.method), u16(0), u16(0x21), u32(e.crc), u32(e.data.length), u32(e.size), u16(name.length), u16(0)]);
    const local = Buffer.concat([u32(0x04034b50), common, name, e.data]);
    centrals.push(Buffer.concat([u32(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u32(0), u32(offset), name]));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(central.length), u32(offset), u16(0)]);
  return Buffer.concat([...locals, central, end]);
}

const stored = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`, 'utf8');
  return { name, method: 0, data, crc: crc32(data), size: data.length };
};

/**
 * A decompression bomb dressed as a Word document, built at test time so no
 * such file lives in the repository: a DOCX package (`[Content_Types].xml`, `_rels/.rels`,
 * `word/document.xml`, so files-svc detects it as DOCX) plus `word/media/image1.bin`, `mebibytes`
 * MiB of zero bytes deflated to about 1/1000 of that (2 GiB in about 2 MB, under the 5 MB upload
 * limit). Takes about a second (the entry's CRC-32 is computed over the whole expanded size).
 */
export async function createZipBombDocx(mebibytes = 2048): Promise<Buffer> {
  const block = await deflatedZeroMebibyte();
  const zeros = Buffer.alloc(MIB);
  let crc = 0;
  for (let i = 0; i < mebibytes; i++) crc = crc32(zeros, crc);
  // The final empty block (BFINAL=1, fixed Huffman, end of block) closes the deflate stream.
  const bomb = Buffer.concat([...new Array<Buffer>(mebibytes).fill(block), Buffer.from([0x03, 0x00])]);
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return zip([
    stored(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="bin" ContentType="application/octet-stream"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    stored(
      '_rels/.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    stored('word/document.xml', `<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>My A-level results</w:t></w:r></w:p></w:body></w:document>`),
    { name: 'word/media/image1.bin', method: 8, data: bomb, crc, size: mebibytes * MIB },
  ]);
}

/**
 * A small DOCX package with `count` extra one-line entries under `word/media/` (a zip that is
 * cheap to send but beyond clamd's MaxFiles when `count` exceeds it).
 */
export function createManyEntriesDocx(count: number): Buffer {
  const entries = [
    stored(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    stored('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'),
  ];
  for (let i = 0; i < count; i++) entries.push(stored(`word/media/part${i}.xml`, `<part n="${i}"/>`));
  return zip(entries);
}
