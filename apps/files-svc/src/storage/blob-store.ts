import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The two areas of FILES_DIR: uploads wait in quarantine until a scan says clean. */
export type BlobArea = 'quarantine' | 'clean';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Blobs on disk under `root`, each named after its generated file id (a client-supplied name
 * never becomes a path): `quarantine/<id>` from upload until the scan verdict, `clean/<id>` once
 * clean. Folders are private to the service's user (0700, files 0600).
 */
export function createBlobStore(root: string) {
  const dirs: Record<BlobArea, string> = { quarantine: path.resolve(root, 'quarantine'), clean: path.resolve(root, 'clean') };

  /** @throws Error for anything but a lower-case UUID, so no id can traverse folders. */
  const pathOf = (area: BlobArea, fileId: string) => {
    if (!UUID.test(fileId)) throw new Error(`not a file id: ${JSON.stringify(fileId)}`);
    return path.join(dirs[area], fileId);
  };

  return {
    root: path.resolve(root),
    pathOf,

    async init(): Promise<void> {
      await Promise.all(Object.values(dirs).map((d) => mkdir(d, { recursive: true, mode: 0o700 })));
    },

    /** Streams an upload into quarantine (never overwrites); the caller removes it on failure. */
    async writeQuarantined(fileId: string, source: Readable): Promise<number> {
      const target = pathOf('quarantine', fileId);
      const sink = createWriteStream(target, { flags: 'wx', mode: 0o600 });
      await pipeline(source, sink);
      return sink.bytesWritten;
    },

    readQuarantined: (fileId: string): Promise<Buffer> => readFile(pathOf('quarantine', fileId)),

    /** Where a file's blob is now, or null when it has none. */
    async locate(fileId: string): Promise<BlobArea | null> {
      for (const area of ['quarantine', 'clean'] as const) {
        try {
          await stat(pathOf(area, fileId));
          return area;
        } catch {
          // not in this area
        }
      }
      return null;
    },

    /** Moves a scanned-clean blob out of quarantine (same filesystem: atomic). */
    promote: (fileId: string): Promise<void> => rename(pathOf('quarantine', fileId), pathOf('clean', fileId)),

    /** Puts a blob back into quarantine (undoes `promote` when the database write fails). */
    demote: (fileId: string): Promise<void> => rename(pathOf('clean', fileId), pathOf('quarantine', fileId)),

    /** Deletes a file's blob wherever it is; no error when there is none. */
    async remove(fileId: string): Promise<void> {
      await Promise.all((['quarantine', 'clean'] as const).map((area) => rm(pathOf(area, fileId), { force: true })));
    },

    openClean: (fileId: string): ReadStream => createReadStream(pathOf('clean', fileId)),

    /** Blob names in an area with their modification time (the sweeper's orphan check). */
    async list(area: BlobArea): Promise<{ fileId: string; modifiedAt: Date }[]> {
      const names = (await readdir(dirs[area])).filter((n) => UUID.test(n));
      const found = await Promise.all(
        names.map(async (fileId) => {
          try {
            return { fileId, modifiedAt: (await stat(pathOf(area, fileId))).mtime };
          } catch {
            return null;
          }
        }),
      );
      return found.filter((f) => f !== null);
    },
  };
}
export type BlobStore = ReturnType<typeof createBlobStore>;
