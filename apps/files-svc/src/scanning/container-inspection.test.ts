import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { createEicarTestFile, createSampleDocument } from '@clearing-desk/contracts/testing';
import { files } from '../db/schema';
import { blobsOnDisk, buildTestApp, createFilesTestEnv, requireClamd, upload, type FilesTestApp, type FilesTestEnv } from '../testing/files-test-kit';
import { scannerFromConfig } from '../plugins/app/scan-worker';
import type { Scanner } from './clamav-scanner';
import { inspectContainer } from './container-inspection';
import { buildNest, buildZip, declareZip64Size, markEncrypted, wordParts } from '../testing/zip-containers';

/**
 * Containers inspected beside clamd, through the upload route and the machine's real clamd: a ZIP
 * is read with yauzl, every entry streamed to clamd, and the limits refuse bombs, nests, encrypted
 * entries and macros with spec section 8's file_virus; a PDF with JavaScript or an embedded file
 * likewise. Every input is built at test time, with yazl (zip64 records included).
 */
/** The shipped defaults, and the real clamd for entries. */
const LIMITS = { maxUncompressedBytes: 100 * 1024 * 1024, maxRatio: 200, maxEntries: 1000 };
let scanner: Scanner;
let env: FilesTestEnv;
let app: FilesTestApp;

beforeAll(async () => {
  await requireClamd();
  env = await createFilesTestEnv('containers');
  scanner = scannerFromConfig(env.config());
  app = await buildTestApp(env.config({ SCAN_TIMEOUT_MS: '60000', FILES_CONTAINER_MAX_ENTRIES: '50' }));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

const eicar = () => Buffer.from(createEicarTestFile());
const docx = (content: Buffer, filename: string) => upload(app, { content, filename, documentType: 'ALEVELS' });
const recordOf = async (filename: string) => (await app.db.select().from(files)).find((r) => r.fileName === filename);

/** Refused as a virus, recorded with `signature`, nothing kept on disk. */
async function expectRefused(res: Awaited<ReturnType<typeof upload>>, filename: string, signature: RegExp) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({ message: 'file_virus' });
  expect(await recordOf(filename)).toMatchObject({ status: 'infected', signature: expect.stringMatching(signature) });
  expect(blobsOnDisk(env.filesDir).quarantine).toEqual([]);
}

describe('ZIP-based documents', () => {
  it('accepts a normal Word document, deflated or written with zip64 records', async () => {
    for (const [filename, zip64] of [
      ['letter.docx', false],
      ['letter64.docx', true],
    ] as const) {
      const content = await buildZip(wordParts().map((part) => ({ ...part, zip64 })));
      const res = await docx(content, filename);
      expect(res.statusCode).toBe(200);
      expect(await recordOf(filename)).toMatchObject({ status: 'clean' });
    }
  }, 60_000);

  it('finds EICAR in a DOCX part written as a zip64 entry (which clamd skips)', async () => {
    const content = await buildZip([...wordParts(), { name: 'word/media/image1.bin', data: eicar(), zip64: true }]);
    await expectRefused(await docx(content, 'zip64-eicar.docx'), 'zip64-eicar.docx', /Eicar/);
  }, 60_000);

  it('refuses a zip64 bomb that declares 5 GiB', async () => {
    const built = await buildZip([...wordParts(), { name: 'word/media/image1.bin', data: Buffer.alloc(1024 * 1024), zip64: true }]);
    const bomb = declareZip64Size(built, 'word/media/image1.bin', 5n * 1024n ** 3n);
    await expectRefused(await docx(bomb, 'zip64-bomb.docx'), 'zip64-bomb.docx', /^Container\.Refused\.UncompressedTooLarge$/);
  }, 60_000);

  it('refuses an entry that inflates far beyond its compressed size', async () => {
    const content = await buildZip([...wordParts(), { name: 'word/media/image1.bin', data: Buffer.alloc(20 * 1024 * 1024) }]);
    await expectRefused(await docx(content, 'ratio.docx'), 'ratio.docx', /^Container\.Refused\.RatioTooHigh$/);
  }, 60_000);

  it('refuses a 42.zip-style nest, by name or by content', async () => {
    await expectRefused(await docx(await buildNest(3), 'nest.docx'), 'nest.docx', /^Container\.Refused\.Nested$/);
    const hidden = await buildZip([...wordParts(), { name: 'word/media/image1.png', data: await buildZip(wordParts()), compress: false }]);
    await expectRefused(await docx(hidden, 'hidden-nest.docx'), 'hidden-nest.docx', /^Container\.Refused\.Nested$/);
  }, 60_000);

  it('refuses an encrypted entry', async () => {
    const content = markEncrypted(await buildZip(wordParts()), 'word/document.xml');
    await expectRefused(await docx(content, 'encrypted.docx'), 'encrypted.docx', /^Container\.Refused\.Encrypted$/);
  }, 60_000);

  it('refuses a macro-enabled document: a VBA project, or the macro-enabled content type', async () => {
    const vba = await buildZip([...wordParts(), { name: 'word/vbaProject.bin', data: Buffer.from('VBA project') }]);
    await expectRefused(await docx(vba, 'macros.docx'), 'macros.docx', /^Container\.Refused\.Macros$/);
    const docm = await buildZip(wordParts('Results', 'application/vnd.ms-word.document.macroEnabled.main+xml'));
    await expectRefused(await docx(docm, 'macro-type.docx'), 'macro-type.docx', /^Container\.Refused\.Macros$/);
  }, 60_000);

  it('refuses more entries than FILES_CONTAINER_MAX_ENTRIES', async () => {
    const parts = [...wordParts(), ...Array.from({ length: 60 }, (_, i) => ({ name: `word/media/part${i}.xml`, data: `<part n="${i}"/>` }))];
    await expectRefused(await docx(await buildZip(parts), 'many.docx'), 'many.docx', /^Container\.Refused\.TooManyEntries$/);
  }, 60_000);

  it('refuses what yauzl cannot read', async () => {
    const broken = Buffer.from(await buildZip(wordParts()));
    broken.writeUInt32LE(0xdeadbeef, broken.length - 22 + 16); // the central directory's offset
    const path = join(env.filesDir, 'broken.docx');
    writeFileSync(path, broken);
    expect(await inspectContainer(path, scanner, LIMITS)).toEqual({
      verdict: { infected: true, signatures: ['Container.Refused.Unreadable'] },
      reason: 'Unreadable',
    });
    const res = await docx(broken, 'broken.docx');
    expect(res.statusCode).not.toBe(200);
    expect(blobsOnDisk(env.filesDir).quarantine).toEqual([]);
  }, 60_000);
});

describe('PDFs', () => {
  const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`, 'latin1');

  it('accepts a plain PDF', async () => {
    const res = await upload(app, { content: createSampleDocument('pdf'), filename: 'plain.pdf' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses JavaScript, also written with #xx escapes', async () => {
    // clamd's own PDF heuristics may name such a file first; the inspection alone refuses it too.
    const plain = pdf('1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj');
    await expectRefused(await upload(app, { content: plain, filename: 'js.pdf' }), 'js.pdf', /PdfJavaScript$|^Heuristics\.PDF\./);
    for (const [name, content] of [
      ['plain-js.pdf', plain],
      ['escaped-js.pdf', pdf('1 0 obj << /OpenAction << /S /J#61vaScript >> >> endobj')],
    ] as const) {
      const path = join(env.filesDir, name);
      writeFileSync(path, content);
      expect((await inspectContainer(path, scanner, LIMITS))?.reason).toBe('PdfJavaScript');
    }
  });

  it('refuses an embedded file hidden in a compressed object stream', async () => {
    const hidden = deflateSync(Buffer.from('<< /Names << /EmbeddedFiles 5 0 R >> >>', 'latin1'));
    const content = Buffer.concat([
      Buffer.from(`%PDF-1.7\n4 0 obj << /Type /ObjStm /Filter /FlateDecode /Length ${hidden.length} >> stream\n`, 'latin1'),
      hidden,
      Buffer.from('\nendstream endobj\n%%EOF\n', 'latin1'),
    ]);
    await expectRefused(await upload(app, { content, filename: 'attached.pdf' }), 'attached.pdf', /PdfEmbeddedFile$/);
  });
});
