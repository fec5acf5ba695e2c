/**
 * Submission ids bound to whose form issued them (domain.md 'Staff sessions on results day'): a
 * form opened as staff issues a staff id, the public form a public one, and the gateway refuses a
 * public POST carrying a staff id and a staff create carrying a public one (409,
 * SUBMISSION_ID_KIND_MISMATCH), so no code path files a staff call as public or the reverse.
 *
 * The kind is written in the id itself: a UUID of version 8 (RFC 9562, custom) whose third and
 * fourth groups are fixed per kind, the rest random (90 bits). An id of any other shape (a v4 from
 * a client following spec section 7, a hashed Idempotency-Key) is unbound: either route takes it.
 */
export type SubmissionIdKind = 'staff' | 'public';

/** The fixed middle groups of each kind's ids ('8' is the version, the next group starts with the variant). */
const KIND_GROUPS: Record<SubmissionIdKind, string> = { staff: '8c5f-a5f0', public: '8c9b-a9b0' };

/** A new SUBMISSION_ID issued for a form of `kind` (crypto.getRandomValues: browsers and Node alike). */
export function createSubmissionId(kind: SubmissionIdKind): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${KIND_GROUPS[kind]}-${hex.slice(12, 24)}`;
}

/** Whose form issued `id`: 'staff', 'public', or null for an unbound id (any other UUID, case-insensitive). */
export function submissionIdKind(id: string): SubmissionIdKind | null {
  const groups = id.toLowerCase().split('-');
  const middle = `${groups[2] ?? ''}-${groups[3] ?? ''}`;
  if (groups.length !== 5) return null;
  if (middle === KIND_GROUPS.staff) return 'staff';
  if (middle === KIND_GROUPS.public) return 'public';
  return null;
}

/**
 * 409 (the gateway) when a submission reaches the route of the other kind: `route` is the route
 * it reached. The adviser's or applicant's words: what happened and what to do.
 */
export const SUBMISSION_ID_KIND_MISMATCH: Record<SubmissionIdKind, string> = {
  public: 'This application was started on the staff form: it can only be saved by staff, signed in. Nothing was stored.',
  staff: 'This application was started on the public form: it can only be submitted there. Nothing was stored.',
};
