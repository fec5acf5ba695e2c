import fp from 'fastify-plugin';
import type { FilesConfig } from '../config';
import type { BlobStore } from './blob-store';
import type { FilesRepository } from '../repositories/files-repository';

/**
 * One sweep: deletes uploads never claimed (and infected records) older than the TTL with their
 * blobs, then blobs of either area older than the TTL that have no record (a crash between
 * writing a blob and storing its row). Returns how many files it removed.
 */
export async function sweepQuarantine(repository: FilesRepository, blobs: BlobStore, ttlMs: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ttlMs);
  const expired = await repository.deleteUnclaimedBefore(before);
  await Promise.all(expired.map((id) => blobs.remove(id)));
  const old = [...(await blobs.list('quarantine')), ...(await blobs.list('clean'))].filter((b) => b.modifiedAt < before);
  const known = await repository.existing(old.map((b) => b.fileId));
  const orphans = old.filter((b) => !known.has(b.fileId));
  await Promise.all(orphans.map((b) => blobs.remove(b.fileId)));
  return expired.length + orphans.length;
}

/** Runs `sweepQuarantine` every FILES_SWEEP_INTERVAL_MS (first run one interval after start). */
export const quarantineSweeperPlugin = fp<{ config: FilesConfig }>(
  async (fastify, { config }) => {
    const timer = setInterval(() => {
      sweepQuarantine(fastify.filesRepository, fastify.blobs, config.FILES_UNCLAIMED_TTL_MS)
        .then((n) => n > 0 && fastify.log.info({ removed: n }, 'quarantine sweep'))
        .catch((err) => fastify.log.error({ err }, 'quarantine sweep failed'));
    }, config.FILES_SWEEP_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'quarantine-sweeper', dependencies: ['files-repository', 'blob-store'] },
);
