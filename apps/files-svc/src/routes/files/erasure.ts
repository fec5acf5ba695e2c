import { FILES_SVC, retentionCutoff, routeOf } from '@clearing-desk/contracts';
import { inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { files } from '../../db/schema';

/**
 * Deletes the uploads `where` selects: their rows first, then their stored files wherever they
 * are (quarantine or clean). A blob whose removal fails after its row went is an orphan the
 * sweeper deletes. Answers how many uploads it deleted; repeating it finds none.
 */
export async function deleteUploads(fastify: Pick<FastifyInstance, 'db' | 'blobs'>, where: SQL): Promise<number> {
  const gone = await fastify.db.delete(files).where(where).returning({ fileId: files.fileId });
  await Promise.all(gone.map((f) => fastify.blobs.remove(f.fileId)));
  return gone.length;
}

/** Erasure by the person's SUBMISSION_IDs, and this service's part of the retention job (uploads past their date). */
export const fileErasureRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(FILES_SVC.erasure),
    handler: async (request) => ({
      rows: request.body.submissionIds.length ? await deleteUploads(fastify, inArray(files.owner, request.body.submissionIds)) : 0,
    }),
  });
  fastify.route({
    ...routeOf(FILES_SVC.retention),
    handler: async (request) => {
      const cutoff = retentionCutoff(request.body.schedule.months.uploads, new Date(request.body.now));
      return { counts: { 'files.deleted': await deleteUploads(fastify, lt(files.createdAt, cutoff)) } };
    },
  });
};
