import yazl from 'yazl';

/** One part of a package: its name, its bytes, and how yazl writes it. */
export type Part = { name: string; data: Buffer | string; compress?: boolean; zip64?: boolean };

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const xml = (s: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`;

/** The three parts that make a zip a Word document (what files-svc's detection and Word look for). */
export const wordParts = (
  text = 'My A-level results: A, A, B',
  contentType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
): Part[] => [
  {
    name: '[Content_Types].xml',
    data: xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${contentType}"/></Types>`,
    ),
  },
  {
    name: '_rels/.rels',
    data: xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
  },
  { name: 'word/document.xml', data: xml(`<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`) },
];

/**
 * A zip written by yazl (a second writer beside the tests' hand-made zips): deflated entries by
 * default, zip64 records for a part with `zip64` (as some writers emit for every entry).
 */
export function buildZip(parts: Part[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const part of parts) {
    zip.addBuffer(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'), part.name, {
      compress: part.compress ?? true,
      forceZip64Format: part.zip64 ?? false,
      mtime: new Date('2025-08-14T08:00:00Z'),
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Each central directory record of `zip`: its offset and file name. */
function centralRecords(zip: Buffer): Array<{ at: number; name: string }> {
  const records: Array<{ at: number; name: string }> = [];
  for (let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
    const nameLength = zip.readUInt16LE(at + 28);
    records.push({ at, name: zip.toString('utf8', at + 46, at + 46 + nameLength) });
  }
  return records;
}

/** `zip` with the entry `name` flagged as encrypted (general purpose bit 0) in the central directory. */
export function markEncrypted(zip: Buffer, name: string): Buffer {
  const out = Buffer.from(zip);
  const record = centralRecords(out).find((r) => r.name === name);
  if (!record) throw new Error(`no entry ${name}`);
  out.writeUInt16LE(out.readUInt16LE(record.at + 8) | 1, record.at + 8);
  return out;
}

/**
 * `zip` (written with zip64 records for `name`) claiming `bytes` uncompressed bytes for that entry in
 * its zip64 extra field: a zip64 bomb's declaration, without inflating anything to build it.
 */
export function declareZip64Size(zip: Buffer, name: string, bytes: bigint): Buffer {
  const out = Buffer.from(zip);
  const record = centralRecords(out).find((r) => r.name === name);
  if (!record) throw new Error(`no entry ${name}`);
  const nameLength = out.readUInt16LE(record.at + 28);
  const extraLength = out.readUInt16LE(record.at + 30);
  let at = record.at + 46 + nameLength;
  const end = at + extraLength;
  while (at < end) {
    const id = out.readUInt16LE(at);
    const size = out.readUInt16LE(at + 2);
    if (id === 0x0001) {
      out.writeBigUInt64LE(bytes, at + 4); // the first zip64 field: the uncompressed size
      return out;
    }
    at += 4 + size;
  }
  throw new Error(`entry ${name} has no zip64 extra field`);
}

/** A 42.zip-style nest: `depth` zips each holding the next, the innermost holding a Word document. */
export async function buildNest(depth: number): Promise<Buffer> {
  let inner = await buildZip(wordParts());
  for (let level = 0; level < depth; level++) {
    inner = await buildZip([...wordParts(), { name: `word/embeddings/level${level}.zip`, data: inner, compress: false }]);
  }
  return inner;
}
