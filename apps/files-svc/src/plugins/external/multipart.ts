import multipart from '@fastify/multipart';
import { LIMITS } from '@clearing-desk/contracts';
import fp from 'fastify-plugin';

/**
 * @fastify/multipart with the upload limits: one file of at most LIMITS.FILE_MAX_BYTES (a longer
 * one is cut off and flagged `truncated`), a few short fields, nothing else.
 */
export const multipartPlugin = fp(
  async (fastify) => {
    await fastify.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: LIMITS.FILE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50, fieldNameSize: 64 },
    });
  },
  { name: 'multipart' },
);
