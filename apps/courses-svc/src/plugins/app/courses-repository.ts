import {
  courseDataSchema,
  qualOptionSchema,
  type CourseData,
  type CourseDetailResponse,
  type CourseRow,
  type CourseSearchQuery,
  type CourseSearchResponse,
  type QualOption,
} from '@clearing-desk/contracts';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { courseQualificationOptions, courses, departments, schools } from '../../db/schema';
import type { DemoCatalogue } from '../../db/seed/demo-catalogue';
import type { CoursesDatabase } from '../external/database';

const rowColumns = {
  UCAS_CODE: courses.ucasCode,
  COURSE_CODE_OVERRIDE: courses.courseCodeOverride,
  COURSE_TITLE: courses.title,
  QUALIFICATION: courses.qualification,
  SCHOOL: courses.schoolCode,
  SCHOOL_NAME: schools.name,
  DEPT: courses.deptCode,
  DEPT_NAME: departments.name,
  CAMPUS_CODE: courses.campusCode,
  CAMPUS_NAME: courses.campusName,
  TARIFF_ADVERTISED: courses.tariffAdvertised,
  TARIFF_ACCEPTED: courses.tariffAccepted,
  SUSPENDED: courses.suspended,
  VACANCIES_EXTERNAL: courses.vacanciesExternal,
  VACANCIES_INTERNAL: courses.vacanciesInternal,
  EXTERNAL: courses.external,
  EXTERNAL_URL: courses.externalUrl,
  INTERMEDIARY: courses.intermediary,
  EXTENSION_NO: courses.extensionNo,
};

const dataColumns = {
  ...rowColumns,
  ALLOW_SECOND_YEAR_ENTRY: courses.allowSecondYearEntry,
  URL: courses.url,
  NOTES: courses.notes,
  CONSIDERATION_TEXT: courses.considerationText,
  DOCUMENT_TYPES: courses.documentTypes,
  FEEDBACK_TELEPHONE: courses.feedbackTelephone,
  FEEDBACK_NOTE: courses.feedbackNote,
  COURSE_START_DATE: courses.courseStartDate,
  DEPART_NUMBER: courses.departNumber,
  assessmentInfo: courses.assessmentInfo,
};

/** Escapes LIKE wildcards so a user's '%' or '_' matches itself. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Keyword filter of GET /api/courses (issue 2): every word must appear in the title, UCAS code,
 * code override, qualification, school (code or name) or department (code or name).
 */
function keywordFilter(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const p = likePattern(word);
      return or(
        ilike(courses.title, p),
        ilike(courses.ucasCode, p),
        ilike(courses.courseCodeOverride, p),
        ilike(courses.qualification, p),
        ilike(courses.schoolCode, p),
        ilike(schools.name, p),
        ilike(courses.deptCode, p),
        ilike(departments.name, p),
      );
    }),
  );
}

/** Reads and writes the catalogue; every method takes plain contract shapes. */
export function createCoursesRepository(db: CoursesDatabase) {
  const base = () =>
    db
      .select(rowColumns)
      .from(courses)
      .innerJoin(schools, eq(schools.code, courses.schoolCode))
      .innerJoin(departments, eq(departments.code, courses.deptCode));

  return {
    /** One page of courses matching `q` (and `school` when given), ordered by title then code, and the total match count. */
    async search(query: CourseSearchQuery): Promise<CourseSearchResponse> {
      const where = and(keywordFilter(query.q), query.school ? eq(courses.schoolCode, query.school) : undefined);
      const [rows, [totalRow]] = await Promise.all([
        base()
          .where(where)
          .orderBy(asc(courses.title), asc(courses.qualification), asc(courses.ucasCode))
          .limit(query.page_size)
          .offset((query.p - 1) * query.page_size),
        db
          .select({ total: count() })
          .from(courses)
          .innerJoin(schools, eq(schools.code, courses.schoolCode))
          .innerJoin(departments, eq(departments.code, courses.deptCode))
          .where(where),
      ]);
      return { rows: rows as CourseRow[], total: totalRow?.total ?? 0 };
    },

    /**
     * The course whose UCAS code or code override is `code` (case-insensitive), with its
     * qualification options in order; null when there is none.
     */
    async find(code: string): Promise<Omit<CourseDetailResponse, 'access'> | null> {
      const upper = code.toUpperCase();
      const [found] = await db
        .select(dataColumns)
        .from(courses)
        .innerJoin(schools, eq(schools.code, courses.schoolCode))
        .innerJoin(departments, eq(departments.code, courses.deptCode))
        .where(or(eq(sql`upper(${courses.ucasCode})`, upper), eq(sql`upper(${courses.courseCodeOverride})`, upper)))
        .limit(1);
      if (!found) return null;
      const options = await db
        .select()
        .from(courseQualificationOptions)
        .where(eq(courseQualificationOptions.ucasCode, found.UCAS_CODE))
        .orderBy(asc(courseQualificationOptions.position));
      return {
        courseData: found as CourseData,
        qualOptions: options.map((o) => ({
          qualification: o.qualification,
          label: o.label,
          group: o.group,
          countsTowardsTariff: o.countsTowardsTariff,
          fields: o.fields,
        })),
      };
    },

    async isEmpty(): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(courses);
      return (row?.n ?? 0) === 0;
    },

    /**
     * Loads a whole catalogue in one transaction: every course and option is validated against
     * the contracts first, so a bad entry stores nothing.
     */
    async importCatalogue(catalogue: DemoCatalogue): Promise<number> {
      const entries = catalogue.courses.map(({ course, qualOptions }) => ({
        course: courseDataSchema.parse(course),
        qualOptions: qualOptions.map((o: QualOption) => qualOptionSchema.parse(o)),
      }));
      await db.transaction(async (tx) => {
        await tx.insert(schools).values(catalogue.schools).onConflictDoNothing();
        await tx
          .insert(departments)
          .values(catalogue.departments.map((d) => ({ code: d.code, name: d.name, schoolCode: d.school })))
          .onConflictDoNothing();
        for (const { course: c, qualOptions } of entries) {
          await tx.insert(courses).values({
            ucasCode: c.UCAS_CODE,
            courseCodeOverride: c.COURSE_CODE_OVERRIDE,
            title: c.COURSE_TITLE,
            qualification: c.QUALIFICATION,
            schoolCode: c.SCHOOL,
            deptCode: c.DEPT,
            campusCode: c.CAMPUS_CODE,
            campusName: c.CAMPUS_NAME,
            tariffAdvertised: c.TARIFF_ADVERTISED,
            tariffAccepted: c.TARIFF_ACCEPTED,
            suspended: c.SUSPENDED,
            vacanciesExternal: c.VACANCIES_EXTERNAL,
            vacanciesInternal: c.VACANCIES_INTERNAL,
            external: c.EXTERNAL,
            externalUrl: c.EXTERNAL_URL,
            intermediary: c.INTERMEDIARY,
            allowSecondYearEntry: c.ALLOW_SECOND_YEAR_ENTRY,
            url: c.URL,
            notes: c.NOTES,
            considerationText: c.CONSIDERATION_TEXT,
            documentTypes: c.DOCUMENT_TYPES,
            extensionNo: c.EXTENSION_NO,
            feedbackTelephone: c.FEEDBACK_TELEPHONE,
            feedbackNote: c.FEEDBACK_NOTE,
            courseStartDate: c.COURSE_START_DATE,
            departNumber: c.DEPART_NUMBER,
            assessmentInfo: c.assessmentInfo,
          });
          if (qualOptions.length > 0) {
            await tx.insert(courseQualificationOptions).values(
              qualOptions.map((o, position) => ({
                ucasCode: c.UCAS_CODE,
                qualification: o.qualification,
                position,
                label: o.label,
                group: o.group,
                countsTowardsTariff: o.countsTowardsTariff,
                fields: o.fields,
              })),
            );
          }
        }
      });
      return entries.length;
    },
  };
}
export type CoursesRepository = ReturnType<typeof createCoursesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    coursesRepository: CoursesRepository;
  }
}

export const coursesRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('coursesRepository', createCoursesRepository(fastify.db));
  },
  { name: 'courses-repository', dependencies: ['courses-database'] },
);
