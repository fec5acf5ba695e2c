import type { ClaimFilesBody, FileClaimErrorCode, FileMetadata } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { files, type FileRow } from '../db/schema';
import type { FilesDatabase } from '../plugins/external/database';

/** A refused claim (409): the contracts' code and the index of the refused token, answered as `fileClaimErrorSchema`. */
export class ClaimRefusedError extends HttpError {
  constructor(
    readonly code: FileClaimErrorCode,
    readonly index: number,
    message: string,
  ) {
    super(409, `tokens.${index}: ${message}`);
    this.name = 'ClaimRefusedError';
  }
}

export type NewUpload = Pick<FileRow, 'fileId' | 'fileToken' | 'fileName' | 'fileType' | 'fileSize' | 'documentType'>;

/** A row as the contracts' file metadata (never a path, never the signature). */
export const toMetadata = (row: FileRow): FileMetadata => ({
  file_id: row.fileId,
  file_type: row.fileType,
  file_name: row.fileName,
  file_size: row.fileSize,
  document_type: row.documentType,
  file_token: row.fileToken,
  status: row.status,
  owner: row.owner,
  created_at: row.createdAt.toISOString(),
});

/**
 * Upload records. Every write runs in a transaction and every status change is conditional on
 * the status it expects, so the upload route, workers and the sweeper can race safely.
 */
export function createFilesRepository(db: FilesDatabase) {
  return {
    async insertQuarantined(upload: NewUpload): Promise<FileRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(files)
          .values({ ...upload, status: 'quarantined' })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      });
    },

    async findById(fileId: string): Promise<FileRow | null> {
      const [row] = await db.select().from(files).where(eq(files.fileId, fileId));
      return row ?? null;
    },

    /**
     * quarantined -> clean; `moveBlob` runs inside the transaction, so a failed move leaves the
     * row quarantined. Null when the row is no longer quarantined (discarded meanwhile).
     */
    async markClean(fileId: string, moveBlob: () => Promise<void>): Promise<FileRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(files)
          .set({ status: 'clean', scannedAt: new Date() })
          .where(and(eq(files.fileId, fileId), eq(files.status, 'quarantined')))
          .returning();
        if (row) await moveBlob();
        return row ?? null;
      });
    },

    /** quarantined -> infected, recording the signature names; null when not quarantined. */
    async markInfected(fileId: string, signatures: string[]): Promise<FileRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(files)
          .set({ status: 'infected', signature: signatures.join(', ').slice(0, 1000), scannedAt: new Date() })
          .where(and(eq(files.fileId, fileId), eq(files.status, 'quarantined')))
          .returning();
        return row ?? null;
      });
    },

    /**
     * Deletes the record of an upload still waiting for its verdict (the caller removes the
     * blob). Returns the row as it now stands: null when deleted or absent, else the row whose
     * verdict came first.
     */
    async discardQuarantined(fileId: string): Promise<FileRow | null> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(files)
          .where(and(eq(files.fileId, fileId), eq(files.status, 'quarantined')))
          .returning({ fileId: files.fileId });
        if (deleted.length > 0) return null;
        const [row] = await tx.select().from(files).where(eq(files.fileId, fileId));
        return row ?? null;
      });
    },

    /**
     * Binds clean, unclaimed files to `owner` in one transaction (rows locked), all or nothing.
     * Files the owner already holds count as bound (idempotent).
     * @throws ClaimRefusedError (409) FILE_NOT_FOUND, FILE_NOT_CLEAN or FILE_ALREADY_CLAIMED, with the token's index.
     */
    async claim({ tokens, owner }: ClaimFilesBody): Promise<FileRow[]> {
      const wanted = [...new Set(tokens)];
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(files).where(inArray(files.fileToken, wanted)).for('update');
        const byToken = new Map(rows.map((r) => [r.fileToken, r]));
        tokens.forEach((token, i) => {
          const row = byToken.get(token);
          if (!row) throw new ClaimRefusedError('FILE_NOT_FOUND', i, 'unknown file token');
          if (row.status !== 'clean') throw new ClaimRefusedError('FILE_NOT_CLEAN', i, `the file is not available (${row.status})`);
          if (row.owner !== null && row.owner !== owner) throw new ClaimRefusedError('FILE_ALREADY_CLAIMED', i, 'the file belongs to another application');
        });
        const toBind = rows.filter((r) => r.owner === null).map((r) => r.fileId);
        if (toBind.length > 0) {
          await tx
            .update(files)
            .set({ owner, claimedAt: new Date() })
            .where(and(inArray(files.fileId, toBind), isNull(files.owner), eq(files.status, 'clean')));
        }
        return tx.select().from(files).where(inArray(files.fileToken, wanted)).orderBy(asc(files.createdAt), asc(files.fileId));
      });
    },

    /**
     * Unbinds every file of `owner` (its submission was refused after the claim) in one
     * transaction; they are unclaimed again, so the sweeper deletes them at their TTL unless
     * claimed anew. Returns the released rows.
     */
    async release(owner: string): Promise<FileRow[]> {
      return db.transaction(async (tx) => tx.update(files).set({ owner: null, claimedAt: null }).where(eq(files.owner, owner)).returning());
    },

    /** The owner's files, oldest first. */
    listByOwner: (owner: string): Promise<FileRow[]> => db.select().from(files).where(eq(files.owner, owner)).orderBy(asc(files.createdAt), asc(files.fileId)),

    /** A clean file of `owner`, or null (unknown id, other owner, not clean). */
    async findOwnedClean(fileId: string, owner: string): Promise<FileRow | null> {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.fileId, fileId), eq(files.owner, owner), eq(files.status, 'clean')));
      return row ?? null;
    },

    /** Deletes records never claimed (or infected) created before `before`; returns their ids. */
    async deleteUnclaimedBefore(before: Date): Promise<string[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(files)
          .where(and(lt(files.createdAt, before), or(isNull(files.owner), eq(files.status, 'infected'))))
          .returning({ fileId: files.fileId });
        return rows.map((r) => r.fileId);
      });
    },

    /** Which of `fileIds` have a record. */
    async existing(fileIds: string[]): Promise<Set<string>> {
      if (fileIds.length === 0) return new Set();
      const rows = await db.select({ fileId: files.fileId }).from(files).where(inArray(files.fileId, fileIds));
      return new Set(rows.map((r) => r.fileId));
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    filesRepository: FilesRepository;
  }
}

export const filesRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('filesRepository', createFilesRepository(fastify.db));
  },
  { name: 'files-repository', dependencies: ['files-database'] },
);
