import fp from 'fastify-plugin';
import type { FilesConfig } from '../../config';
import { createBlobStore, type BlobStore } from '../../storage/blob-store';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
  }
}

/** The blob folders under FILES_DIR, created at start. */
export const blobStorePlugin = fp<{ config: FilesConfig }>(
  async (fastify, { config }) => {
    const blobs = createBlobStore(config.FILES_DIR);
    await blobs.init();
    fastify.decorate('blobs', blobs);
  },
  { name: 'blob-store' },
);
