import {
  type AlternativeCandidate,
  courseChanges,
  courseDataSchema,
  courseEtag,
  courseUpdateIssue,
  type CourseFieldChange,
  type CourseHistoryEntry,
  type CourseUpdateData,
  isCourseOpen,
  type EditableCourseField,
  LEDGER_COURSE_FIELDS,
  MAX_NEAR_CANDIDATES,
  OUTBOX_KINDS,
  type CourseControlEvent,
  qualOptionSchema,
  type CourseData,
  type CourseDetailResponse,
  type CourseRow,
  type CourseSearchQuery,
  type CourseSearchResponse,
  type QualOption,
  type PlacesBackfill,
} from '@clearing-desk/contracts';
import { and, asc, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { currentTraceparent } from '@clearing-desk/service-kit';
import fp from 'fastify-plugin';
import { courseHistory, courseQualificationOptions, courses, departments, outbox, schools } from '../db/schema';
import type { DemoCatalogue } from '../db/seed/demo-catalogue';
import { sanitizeCourseNotes } from '@clearing-desk/contracts/server';
import { searchWords, type SearchWord } from '../lib/search-terms';
import type { CoursesDatabase } from '../plugins/external/database';

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
  CLEARING_PLACES: courses.clearingPlaces,
  IB_ADVERTISED: courses.ibAdvertised,
  IB_ACCEPTED: courses.ibAccepted,
  SUBJECT_REQUIREMENTS: courses.subjectRequirements,
  OFFER_ALLOWANCE: sql<number>`(${courses.offerAllowanceHundredths}::float8 / 100)`,
};

/**
 * The courses column each editable courseData field is stored in (OFFER_ALLOWANCE in hundredths).
 * CLEARING_PLACES and OFFER_ALLOWANCE are course control's too: a change of either also goes to
 * applications-svc's places ledger as a 'course-control' outbox event (update).
 */
const editableColumns = {
  VACANCIES_EXTERNAL: 'vacanciesExternal',
  CLEARING_PLACES: 'clearingPlaces',
  OFFER_ALLOWANCE: 'offerAllowanceHundredths',
  SUSPENDED: 'suspended',
  TARIFF_ADVERTISED: 'tariffAdvertised',
  TARIFF_ACCEPTED: 'tariffAccepted',
  IB_ADVERTISED: 'ibAdvertised',
  IB_ACCEPTED: 'ibAccepted',
  NOTES: 'notes',
  FEEDBACK_TELEPHONE: 'feedbackTelephone',
  FEEDBACK_NOTE: 'feedbackNote',
  ALLOW_SECOND_YEAR_ENTRY: 'allowSecondYearEntry',
  DOCUMENT_TYPES: 'documentTypes',
  SUBJECT_REQUIREMENTS: 'subjectRequirements',
} as const satisfies Record<EditableCourseField, keyof typeof courses.$inferInsert>;

/** A field's value as its column stores it (OFFER_ALLOWANCE in hundredths). */
const columnValue = (field: EditableCourseField, value: unknown): unknown => (field === 'OFFER_ALLOWANCE' ? Math.round(Number(value) * 100) : value);

/**
 * What `update` found: the saved course (`announced`: a change of the places settings went to the
 * outbox for the ledger), or why nothing was saved ('not-counted': the places ledger does not know
 * the course yet, so its places cannot change).
 */
export type CourseUpdateOutcome =
  | { kind: 'saved'; courseData: CourseData; changes: CourseFieldChange[]; announced: boolean }
  | { kind: 'not-found' }
  | { kind: 'conflict' }
  | { kind: 'not-counted' }
  | { kind: 'invalid'; message: string };

/** What course control's Close or Reopen did: the change made, or why nothing was (the course already in that state). */
export type CourseOpenOutcome =
  { kind: 'saved'; change: CourseFieldChange } | { kind: 'not-found' } | { kind: 'already-closed' } | { kind: 'not-closed' } | { kind: 'nothing-to-restore' };

/** Matches a course by UCAS code or code override, case-insensitively. */
const codeMatches = (code: string) => {
  const upper = code.toUpperCase();
  return or(eq(sql`upper(${courses.ucasCode})`, upper), eq(sql`upper(${courses.courseCodeOverride})`, upper));
};

/**
 * Typo tolerance (pg_trgm word_similarity, 0..1): only for words of at least 5 letters, where a
 * slip still leaves most trigrams ('pyschology' 0.55, 'nursng' 0.57); shorter words would match
 * too much ('law' is 0.75 similar to 'Lawrence').
 */
const TYPO_MIN_LENGTH = 5;
const TYPO_MIN_SIMILARITY = 0.5;

/** The full-text document of a course: its own stored words plus its school and department names. */
const searchDocument = sql`(${courses.searchDocument} || setweight(to_tsvector('english', ${schools.name} || ' ' || ${departments.name}), 'D'))`;
/** The text typos are compared with. */
const searchText = sql`lower(${courses.title} || ' ' || ${departments.name} || ' ' || ${schools.name} || ' ' || ${courses.campusName})`;

const prefixQuery = (word: SearchWord) => sql`to_tsquery('english', ${`${word.prefix}:*`})`;

/** A word matches a course's words (stemmed prefix; a stop word like 'and' matches all) or one of its codes exactly. */
function wordMatches(word: SearchWord, typos: boolean): SQL {
  const upper = word.text.toUpperCase();
  const codes = [courses.ucasCode, courses.courseCodeOverride, courses.schoolCode, courses.deptCode].map((c) => eq(sql`upper(${c})`, upper));
  const text = word.prefix ? [sql`(numnode(${prefixQuery(word)}) = 0 or ${searchDocument} @@ ${prefixQuery(word)})`] : [];
  const typo = typos && word.prefix.length >= TYPO_MIN_LENGTH ? [sql`word_similarity(${word.prefix}, ${searchText}) >= ${TYPO_MIN_SIMILARITY}`] : [];
  return or(...codes, ...text, ...typo) as SQL;
}

/**
 * Relevance (higher first): full-text rank of all words (title words weigh most, then
 * qualification and codes, campus, school and department; longer documents count less), an
 * exact code match above all, and trigram closeness of the whole query to the title, so the title
 * 'Computer Science' comes before 'Mathematical Science with Computer Science' and a typo's best
 * guess comes first.
 */
function relevance(words: SearchWord[]): SQL {
  const texts = words.filter((w) => w.prefix);
  const rank = texts.length
    ? sql.join(
        texts.map((w) => sql`ts_rank_cd(${searchDocument}, ${prefixQuery(w)}, 1)`),
        sql` + `,
      )
    : sql`0`;
  const codeHit = sql.join(
    words.map(
      (w) =>
        sql`(case when upper(${courses.ucasCode}) = ${w.text.toUpperCase()} or upper(${courses.courseCodeOverride}) = ${w.text.toUpperCase()} then 10 else 0 end)`,
    ),
    sql` + `,
  );
  const phrase = words
    .map((w) => w.prefix)
    .filter(Boolean)
    .join(' ');
  return sql`(${rank} + ${codeHit} + similarity(${phrase}, lower(${courses.title})))`;
}

/** Reads and writes the catalogue; every method takes plain contract shapes. */
export function createCoursesRepository(db: CoursesDatabase) {
  const base = () =>
    db.select(rowColumns).from(courses).innerJoin(schools, eq(schools.code, courses.schoolCode)).innerJoin(departments, eq(departments.code, courses.deptCode));

  return {
    /**
     * One page of courses matching `q` (and `school` when given) and the total match count (issue
     * 12 item 3): every word must match (English stemming, prefixes, synonyms, campus, school and
     * department names, codes); when that finds nothing, words of 5+ letters may match by trigram
     * similarity instead (typos). Ranked by relevance, then title; no `q` lists by title. A page
     * past the end answers the last page, and `p` says which page was answered.
     */
    async search(query: CourseSearchQuery): Promise<CourseSearchResponse> {
      const words = searchWords(query.q);
      const school = query.school ? eq(courses.schoolCode, query.school) : undefined;
      const countWhere = async (where: SQL | undefined) => {
        const [row] = await db
          .select({ total: count() })
          .from(courses)
          .innerJoin(schools, eq(schools.code, courses.schoolCode))
          .innerJoin(departments, eq(departments.code, courses.deptCode))
          .where(where);
        return row?.total ?? 0;
      };
      const matching = (typos: boolean) => and(school, ...words.map((w) => wordMatches(w, typos)));
      let where = matching(false);
      let total = await countWhere(where);
      if (total === 0 && words.some((w) => w.prefix.length >= TYPO_MIN_LENGTH)) {
        where = matching(true);
        total = await countWhere(where);
      }
      const lastPage = Math.max(1, Math.ceil(total / query.page_size));
      const p = Math.min(query.p, lastPage);
      const order = words.length ? [desc(relevance(words))] : [];
      const rows = await base()
        .where(where)
        .orderBy(...order, asc(courses.title), asc(courses.qualification), asc(courses.ucasCode))
        .limit(query.page_size)
        .offset((p - 1) * query.page_size);
      return { rows: rows as CourseRow[], total, p };
    },

    /**
     * The course whose UCAS code or code override is `code` (case-insensitive), with its
     * qualification options in order; null when there is none.
     */
    async find(code: string): Promise<Omit<CourseDetailResponse, 'access'> | null> {
      const [found] = await db
        .select(dataColumns)
        .from(courses)
        .innerJoin(schools, eq(schools.code, courses.schoolCode))
        .innerJoin(departments, eq(departments.code, courses.deptCode))
        .where(codeMatches(code))
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

    /**
     * Candidates for ALTERNATE (domain.md "Submit buttons"; spec section 4 for which courses are
     * open): every course whose TARIFF_ACCEPTED is at most `maxTariffAccepted` (or, given the
     * applicant's IB Diploma total `maxIbAccepted`, whose IB_ACCEPTED is at most it) and that contracts'
     * isCourseOpen (the one course-open rule) calls open, with its qualOptions
     * (one query for all), ordered by UCAS code. The SQL filters only by tariff; the rule is applied
     * to the rows here, before the qualOptions are read. With `near` (a UCAS code): that course left
     * out, at most MAX_NEAR_CANDIDATES, nearest first (its school's, then the highest accepted
     * tariff, then UCAS code), so the gateway can send them all to assessment-svc within its body limit.
     */
    async alternativeCandidates(maxTariffAccepted: number, maxIbAccepted?: number, near?: string): Promise<AlternativeCandidate[]> {
      const tariffMet = lte(courses.tariffAccepted, maxTariffAccepted);
      const open = (
        (await db
          .select(dataColumns)
          .from(courses)
          .innerJoin(schools, eq(schools.code, courses.schoolCode))
          .innerJoin(departments, eq(departments.code, courses.deptCode))
          .where(maxIbAccepted === undefined ? tariffMet : or(tariffMet, lte(courses.ibAccepted, maxIbAccepted)))
          .orderBy(asc(courses.ucasCode))) as CourseData[]
      ).filter((course) => isCourseOpen(course));
      let rows = open;
      if (near !== undefined) {
        const code = near.toUpperCase();
        const [own] = await db.select({ school: courses.schoolCode }).from(courses).where(eq(courses.ucasCode, code));
        const sameSchool = (c: CourseData) => Number(c.SCHOOL === own?.school);
        rows = open
          .filter((c) => c.UCAS_CODE !== code)
          .sort((a, b) => sameSchool(b) - sameSchool(a) || b.TARIFF_ACCEPTED - a.TARIFF_ACCEPTED || a.UCAS_CODE.localeCompare(b.UCAS_CODE))
          .slice(0, MAX_NEAR_CANDIDATES);
      }
      if (rows.length === 0) return [];
      const options = await db
        .select()
        .from(courseQualificationOptions)
        .where(
          inArray(
            courseQualificationOptions.ucasCode,
            rows.map((r) => r.UCAS_CODE),
          ),
        )
        .orderBy(asc(courseQualificationOptions.ucasCode), asc(courseQualificationOptions.position));
      const byCourse = new Map<string, AlternativeCandidate['qualOptions']>();
      for (const o of options) {
        const list = byCourse.get(o.ucasCode) ?? [];
        list.push({ qualification: o.qualification, label: o.label, group: o.group, countsTowardsTariff: o.countsTowardsTariff, fields: o.fields });
        byCourse.set(o.ucasCode, list);
      }
      return rows.map((row) => ({ ...row, qualOptions: byCourse.get(row.UCAS_CODE) ?? [] }));
    },

    /**
     * Changes a course's editable fields in one transaction with its history row: the
     * course row is locked, its ETag compared with `ifMatch` when given (a mismatch saves nothing:
     * 'conflict'), NOTES sanitised with the allow-list, the cross-field rule checked on the course
     * as it would be ('invalid' with the message), and only fields whose value changes are written
     * and recorded with `username` and the time. Nothing changed: no write, no history row. A
     * change of CLEARING_PLACES or OFFER_ALLOWANCE adds 1 to control_version and writes, in the
     * same transaction, the 'course-control' outbox row that takes the settings to
     * applications-svc's places ledger; refused ('not-counted') while the ledger has never sent the
     * course (places_version 0: the start-up backfill has not reached it).
     */
    async update(code: string, data: CourseUpdateData, username: string, ifMatch?: string): Promise<CourseUpdateOutcome> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ ucasCode: courses.ucasCode, placesVersion: courses.placesVersion, controlVersion: courses.controlVersion })
          .from(courses)
          .where(codeMatches(code))
          .for('update');
        if (!locked) return { kind: 'not-found' } as const;
        const [row] = await tx
          .select(dataColumns)
          .from(courses)
          .innerJoin(schools, eq(schools.code, courses.schoolCode))
          .innerJoin(departments, eq(departments.code, courses.deptCode))
          .where(eq(courses.ucasCode, locked.ucasCode));
        const current = courseDataSchema.parse(row);
        if (
          ifMatch !== undefined &&
          ifMatch !== '*' &&
          !ifMatch
            .split(',')
            .map((t) => t.trim().replace(/^W\//, ''))
            .includes(courseEtag(current))
        ) {
          return { kind: 'conflict' } as const;
        }
        const clean: CourseUpdateData = { ...data };
        if ('NOTES' in clean) clean.NOTES = sanitizeCourseNotes(clean.NOTES ?? null);
        const next = courseDataSchema.parse({ ...current, ...clean });
        const issue = courseUpdateIssue(next);
        if (issue) return { kind: 'invalid', message: issue } as const;
        const changes = courseChanges(current, clean);
        const announced = changes.some((c) => (LEDGER_COURSE_FIELDS as readonly string[]).includes(c.field));
        if (announced && locked.placesVersion === 0) return { kind: 'not-counted' } as const;
        if (changes.length > 0) {
          const set: Partial<Omit<typeof courses.$inferInsert, 'subjectRequirements'>> & { subjectRequirements?: SQL } = {};
          for (const change of changes) {
            const field = change.field as EditableCourseField;
            Object.assign(set, { [editableColumns[field]]: columnValue(field, change.new) });
          }
          if (announced) set.controlVersion = locked.controlVersion + 1;
          // Vacancies typed in replace what an explicit Close kept: Reopen never restores an older number.
          if (changes.some((c) => c.field === 'VACANCIES_EXTERNAL')) set.vacanciesBeforeClose = null;
          // The history records requirements as sentences; the row keeps the data.
          // Written as JSON text: drizzle sends a bare array parameter as a PostgreSQL array, not JSON.
          if ('subjectRequirements' in set) set.subjectRequirements = sql`${JSON.stringify(next.SUBJECT_REQUIREMENTS ?? [])}::jsonb`;
          await tx.update(courses).set(set).where(eq(courses.ucasCode, locked.ucasCode));
          await tx.insert(courseHistory).values({ ucasCode: locked.ucasCode, username, changes });
          if (announced) {
            const payload: CourseControlEvent = {
              UCAS_CODE: locked.ucasCode,
              CLEARING_PLACES: next.CLEARING_PLACES,
              OFFER_ALLOWANCE: next.OFFER_ALLOWANCE,
              CONTROL_VERSION: locked.controlVersion + 1,
              username,
              at: new Date().toISOString(),
              COURSE_TITLE: next.COURSE_TITLE,
              SCHOOL: next.SCHOOL,
              DEPT: next.DEPT,
            };
            // The request's trace goes with the row: applications-svc's course-control consumer continues it.
            await tx.insert(outbox).values({ aggregateId: locked.ucasCode, kind: OUTBOX_KINDS.COURSE_CONTROL, payload, traceparent: currentTraceparent() });
          }
        }
        return { kind: 'saved', courseData: next, changes, announced } as const;
      });
    },

    /**
     * Course control's explicit Close and Reopen, on the locked row with its history entry in one
     * transaction. Close sets the external vacancies to 0 and keeps the number it had
     * (vacancies_before_close); refused when they are 0 already. Reopen restores that number and
     * forgets it; refused when the course is open, or was closed by typing 0 (nothing kept).
     * External vacancies are not a places-ledger setting, so no outbox row is written.
     */
    async setOpen(code: string, open: boolean, username: string): Promise<CourseOpenOutcome> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ ucasCode: courses.ucasCode, vacancies: courses.vacanciesExternal, before: courses.vacanciesBeforeClose })
          .from(courses)
          .where(codeMatches(code))
          .for('update');
        if (!locked) return { kind: 'not-found' } as const;
        let change: CourseFieldChange;
        if (!open) {
          if (locked.vacancies === 0) return { kind: 'already-closed' } as const;
          change = { field: 'VACANCIES_EXTERNAL', old: locked.vacancies, new: 0 };
          await tx.update(courses).set({ vacanciesExternal: 0, vacanciesBeforeClose: locked.vacancies }).where(eq(courses.ucasCode, locked.ucasCode));
        } else {
          if (locked.vacancies > 0) return { kind: 'not-closed' } as const;
          if (locked.before === null) return { kind: 'nothing-to-restore' } as const;
          change = { field: 'VACANCIES_EXTERNAL', old: 0, new: locked.before };
          await tx.update(courses).set({ vacanciesExternal: locked.before, vacanciesBeforeClose: null }).where(eq(courses.ucasCode, locked.ucasCode));
        }
        await tx.insert(courseHistory).values({ ucasCode: locked.ucasCode, username, changes: [change] });
        return { kind: 'saved', change } as const;
      });
    },

    /** The external vacancies Reopen would restore (null: the course was not closed with Close). */
    async reopenVacancies(ucasCode: string): Promise<number | null> {
      const [row] = await db.select({ before: courses.vacanciesBeforeClose }).from(courses).where(eq(courses.ucasCode, ucasCode));
      return row?.before ?? null;
    },

    /** The course's history, newest first (at most `limit` entries). */
    async history(ucasCode: string, limit = 100): Promise<CourseHistoryEntry[]> {
      const rows = await db.select().from(courseHistory).where(eq(courseHistory.ucasCode, ucasCode)).orderBy(desc(courseHistory.id)).limit(limit);
      return rows.map((r) => ({ at: r.at.toISOString(), username: r.username, changes: r.changes }));
    },

    /** Every course row (the catalogue is small: a few hundred courses), ordered by title; the caller filters by the user's scope. */
    async allRows(): Promise<CourseRow[]> {
      return (await base().orderBy(asc(courses.title), asc(courses.qualification), asc(courses.ucasCode))) as CourseRow[];
    },

    /**
     * The courses whose places applications-svc's ledger has never sent (places_version 0), with
     * their VACANCIES_INTERNAL: what the one-off places backfill gives the ledger to start from.
     */
    async placesBackfill(): Promise<PlacesBackfill['courses']> {
      return db
        .select({ UCAS_CODE: courses.ucasCode, VACANCIES_INTERNAL: courses.vacanciesInternal })
        .from(courses)
        .where(eq(courses.placesVersion, 0))
        .orderBy(asc(courses.ucasCode));
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
            ibAdvertised: c.IB_ADVERTISED,
            ibAccepted: c.IB_ACCEPTED,
            suspended: c.SUSPENDED,
            vacanciesExternal: c.VACANCIES_EXTERNAL,
            vacanciesInternal: c.VACANCIES_INTERNAL,
            clearingPlaces: c.CLEARING_PLACES,
            offerAllowanceHundredths: Math.round(c.OFFER_ALLOWANCE * 100),
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
            subjectRequirements: c.SUBJECT_REQUIREMENTS ?? [],
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
