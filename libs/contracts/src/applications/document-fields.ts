import { z } from 'zod';
import { DOCUMENT_TYPE_SLOTS, documentTypeSchema, type DocumentType } from '../courses/course';
import { ACCEPTED_FILE_FORMAT_LABELS, ACCEPTED_MIME_TYPES } from '../files/accepted-types';

/**
 * The document upload fields of the application form (spec section 3 "Document uploads"):
 * `{TYPE}_DOCUMENT_{n}`, 5 slots per category and 2 for GCSE2. Which categories a course takes
 * comes from its DOCUMENT_TYPES (`courseDocumentTypes`).
 */

/** What each category is called on the form and in messages. */
export const DOCUMENT_TYPE_TITLES: Readonly<Record<DocumentType, string>> = {
  ALEVELS: 'A levels / BTEC / IB',
  ENGLISHTEST: 'English test',
  // GCSE2 asks for the two GCSEs every course needs; GCSE5 for five (the Sciences school).
  GCSE2: 'GCSE English and Mathematics',
  GCSE5: 'GCSE',
  OTHER: 'Other',
};

/** The categories in form order. */
export const DOCUMENT_TYPES = Object.keys(DOCUMENT_TYPE_SLOTS) as DocumentType[];

type Slot5 = 1 | 2 | 3 | 4 | 5;
/** Every document field name: `ALEVELS_DOCUMENT_1` ... `OTHER_DOCUMENT_5`, `GCSE2_DOCUMENT_1|2`. */
export type DocumentFieldName = `${Exclude<DocumentType, 'GCSE2'>}_DOCUMENT_${Slot5}` | `GCSE2_DOCUMENT_${1 | 2}`;

/** One document slot of the form. */
export type DocumentField = { name: DocumentFieldName; type: DocumentType; slot: number; label: string };

/** '{title} document {n}', the label every message about the slot uses: 'A levels / BTEC / IB document 1'. */
export const documentLabel = (type: DocumentType, slot: number): string => `${DOCUMENT_TYPE_TITLES[type]} document ${slot}`;

/** Every document slot in form order (category, then slot). */
export const DOCUMENT_FIELDS: readonly DocumentField[] = DOCUMENT_TYPES.flatMap((type) =>
  Array.from({ length: DOCUMENT_TYPE_SLOTS[type] }, (_, i) => ({
    name: `${type}_DOCUMENT_${i + 1}` as DocumentFieldName,
    type,
    slot: i + 1,
    label: documentLabel(type, i + 1),
  })),
);

export const DOCUMENT_FIELD_BY_NAME: ReadonlyMap<string, DocumentField> = new Map(DOCUMENT_FIELDS.map((f) => [f.name, f]));

/** The slots of the given categories, in form order. */
export const documentFieldsOf = (types: readonly DocumentType[]): DocumentField[] => DOCUMENT_FIELDS.filter((f) => types.includes(f.type));

/** `ALEVELS_DOCUMENT_7` -> its category and slot number (any n), for the per-category limit. */
export function parseDocumentFieldName(name: string): { type: DocumentType; slot: number } | null {
  const m = /^([A-Z0-9]+)_DOCUMENT_(\d+)$/.exec(name);
  const type = documentTypeSchema.safeParse(m?.[1]);
  return m && type.success ? { type: type.data, slot: Number(m[2]) } : null;
}

/**
 * A document on the form (spec section 3): what the browser knows of the chosen file, the
 * category, and the `file_token` POST /api/file/upload answered. `file_id` is the browser's own
 * id for the chosen file (files-svc's ids stay inside the services). A file that was refused
 * before or during upload has no token; `custom_error` then says why, and is shown as the
 * field's error until the file is removed.
 */
export const formDocumentSchema = z.object({
  file_id: z.string().max(64),
  file_type: z.string().max(255),
  file_name: z.string().min(1).max(255),
  file_size: z.number().int().nonnegative(),
  document_type: documentTypeSchema,
  file_token: z.string().max(64),
  custom_error: z.string().max(1000).optional(),
});
export type FormDocument = z.infer<typeof formDocumentSchema>;

/** Shape of the document fields for applicationFormSchema: every slot optional. */
export const documentFieldsShape = Object.fromEntries(DOCUMENT_FIELDS.map((f) => [f.name, formDocumentSchema.optional()])) as Record<
  DocumentFieldName,
  z.ZodOptional<typeof formDocumentSchema>
>;

const isDocument = (value: unknown): value is FormDocument => formDocumentSchema.safeParse(value).success;

/** The documents present in a form's slots of `types` (default: every category), in form order. */
export function formDocuments(
  form: Readonly<Record<string, unknown>>,
  types: readonly DocumentType[] = DOCUMENT_TYPES,
): { field: DocumentField; document: FormDocument }[] {
  return documentFieldsOf(types).flatMap((field) => {
    const document = form[field.name];
    return isDocument(document) ? [{ field, document }] : [];
  });
}

/** The file tokens a form carries in the slots of `types` (default: every category), in form order. */
export const formFileTokens = (form: Readonly<Record<string, unknown>>, types?: readonly DocumentType[]): string[] =>
  formDocuments(form, types)
    .map(({ document }) => document.file_token)
    .filter((token) => token !== '');

/** The form without any `{TYPE}_DOCUMENT_{n}` field (documents live in files-svc, not with the application). */
export function withoutDocuments<T extends Readonly<Record<string, unknown>>>(form: T): T {
  return Object.fromEntries(Object.entries(form).filter(([key]) => parseDocumentFieldName(key) === null)) as T;
}

const ACCEPTED_EXTENSIONS = new Set<string>(ACCEPTED_FILE_FORMAT_LABELS.map((l) => l.toLowerCase()));
const ACCEPTED_MIMES = new Set<string>(ACCEPTED_MIME_TYPES);

/**
 * Whether a chosen file has one of the formats of spec section 5 (PDF, PNG, BMP, JPEG, JPG, DOC,
 * DOCX) by its name's extension or its MIME type (browsers leave the type empty for some files).
 * A first check only: files-svc judges the content.
 */
export function isAcceptedFileFormat(file: Pick<FormDocument, 'file_name' | 'file_type'>): boolean {
  const extension = /\.([^.]+)$/.exec(file.file_name)?.[1]?.toLowerCase();
  return (extension !== undefined && ACCEPTED_EXTENSIONS.has(extension)) || ACCEPTED_MIMES.has(file.file_type.toLowerCase());
}
