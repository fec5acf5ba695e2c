import {
  expectedScenarioStatuses,
  isExpectedScenarioOutcome,
  SCENARIO_EXCLUDED_DEPARTMENTS,
  SCENARIO_FILTER_ALL,
  type ApplicationStatus,
  type QualificationItem,
  type Scenario,
  type ScenarioCompletion,
  type ScenarioFilter,
  type ScenarioLists,
  type ScenarioProgress,
  type StaffUser,
} from '@clearing-desk/contracts';
import { and, asc, count, eq, inArray, notExists, notInArray, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { scenarioCompletions, scenarioIbSubjects, scenarioQualifications, scenarioQuestions, scenarios } from '../../db/schema';
import type { StoredScenarioInput } from '../../db/stored-scenario';
import type { ScenariosDatabase } from '../external/database';

export type { StoredScenarioInput };

type Group = 'GCSE_QUALIFICATIONS' | 'QUALIFICATIONS';
const IB_LEVELS = ['HL', 'SL'] as const;
const IB_SEQUENCES = [1, 2, 3] as const;
/** Item fields with their own columns; IB subject fields go to scenario_ib_subjects. */
const COLUMN_FIELDS = new Set(['QUALIFICATION', 'SUBJECT', 'GRADE', 'YEAR']);
const IB_SUBJECT_FIELD = /^(HL|SL)_(SUBJECT|GRADE|YEAR)_[1-3]$/;

type Tx = Parameters<Parameters<ScenariosDatabase['transaction']>[0]>[0];

const notExcluded = notInArray(scenarios.dept, [...SCENARIO_EXCLUDED_DEPARTMENTS]);

/** Stores scenarios, their qualifications (IB subjects per level and sequence 1..3) and questions, all or nothing. */
async function insertScenarios(tx: Tx, list: readonly StoredScenarioInput[]): Promise<void> {
  for (const s of list) {
    await tx.insert(scenarios).values({
      scenarioId: s.SCENARIO_ID,
      hash: s.HASH,
      name1: s.NAME1,
      name2: s.NAME2,
      dob: s.DOB,
      gender: s.GENDER,
      feedbackTelephone: s.FEEDBACK_TELEPHONE,
      courseQualification: s.COURSE_QUALIFICATION,
      courseTitle: s.COURSE_TITLE,
      ucasCode: s.UCAS_CODE,
      courseCodeOverride: s.COURSE_CODE_OVERRIDE,
      dept: s.DEPT,
      deptName: s.DEPT_NAME,
      secondYearEntry: s.SECOND_YEAR_ENTRY,
      ucasPersonalId: s.UCAS_PERSONAL_ID,
      over18: s.OVER18,
      eea: s.EEA,
      nationality: s.NATIONALITY,
      email: s.EMAIL,
      tel1: s.TEL1,
      stageDirection: s.STAGE_DIRECTION,
      additionalInstruction: s.ADDITIONAL_INSTRUCTION,
      courseStartDate: s.COURSE_START_DATE,
    });
    for (const grp of ['GCSE_QUALIFICATIONS', 'QUALIFICATIONS'] as const) {
      for (const [position, item] of s[grp].entries()) {
        const fields: Record<string, string> = {};
        for (const [key, value] of Object.entries(item)) {
          if (!COLUMN_FIELDS.has(key) && !IB_SUBJECT_FIELD.test(key) && value !== undefined) fields[key] = value;
        }
        const [row] = await tx
          .insert(scenarioQualifications)
          .values({
            scenarioId: s.SCENARIO_ID,
            grp,
            position,
            qualification: item.QUALIFICATION,
            subject: item['SUBJECT'] ?? null,
            grade: item['GRADE'] ?? null,
            year: item['YEAR'] ?? null,
            fields,
          })
          .returning({ id: scenarioQualifications.id });
        if (!row) throw new Error('qualification row not stored');
        const ibRows = IB_LEVELS.flatMap((level) =>
          IB_SEQUENCES.map((sequence) => ({
            qualificationId: row.id,
            level,
            sequence,
            subject: item[`${level}_SUBJECT_${sequence}`] ?? null,
            grade: item[`${level}_GRADE_${sequence}`] ?? null,
            year: item[`${level}_YEAR_${sequence}`] ?? null,
          })),
        ).filter((r) => r.subject !== null || r.grade !== null || r.year !== null);
        if (ibRows.length > 0) await tx.insert(scenarioIbSubjects).values(ibRows);
      }
    }
    await tx
      .insert(scenarioQuestions)
      .values(s.SCENARIOQUESTIONS.map((q, position) => ({ scenarioId: s.SCENARIO_ID, position, status: q.STATUS, question: q.QUESTION })));
  }
}

/** Reads, filters and completes training scenarios. */
export function createScenariosRepository(db: ScenariosDatabase) {
  /** Rebuilds the contract records of scenario rows (qualification items back in form shape). */
  async function hydrate(rows: (typeof scenarios.$inferSelect)[]): Promise<Scenario[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.scenarioId);
    const [quals, questions] = await Promise.all([
      db.select().from(scenarioQualifications).where(inArray(scenarioQualifications.scenarioId, ids)).orderBy(asc(scenarioQualifications.position)),
      db.select().from(scenarioQuestions).where(inArray(scenarioQuestions.scenarioId, ids)).orderBy(asc(scenarioQuestions.position)),
    ]);
    const ib =
      quals.length === 0
        ? []
        : await db
            .select()
            .from(scenarioIbSubjects)
            .where(
              inArray(
                scenarioIbSubjects.qualificationId,
                quals.map((q) => q.id),
              ),
            );
    return rows.map((r) => {
      const items = (grp: Group): QualificationItem[] =>
        quals
          .filter((q) => q.scenarioId === r.scenarioId && q.grp === grp)
          .map((q) => {
            const item: QualificationItem = { QUALIFICATION: q.qualification };
            if (q.subject !== null) item['SUBJECT'] = q.subject;
            if (q.grade !== null) item['GRADE'] = q.grade;
            if (q.year !== null) item['YEAR'] = q.year;
            Object.assign(item, q.fields);
            for (const s of ib.filter((x) => x.qualificationId === q.id).sort((a, b) => a.level.localeCompare(b.level) || a.sequence - b.sequence)) {
              if (s.subject !== null) item[`${s.level}_SUBJECT_${s.sequence}`] = s.subject;
              if (s.grade !== null) item[`${s.level}_GRADE_${s.sequence}`] = s.grade;
              if (s.year !== null) item[`${s.level}_YEAR_${s.sequence}`] = s.year;
            }
            return item;
          });
      return {
        SCENARIO_ID: r.scenarioId,
        HASH: r.hash,
        NAME1: r.name1,
        NAME2: r.name2,
        DOB: r.dob,
        GENDER: r.gender as Scenario['GENDER'],
        FEEDBACK_TELEPHONE: r.feedbackTelephone,
        COURSE_QUALIFICATION: r.courseQualification,
        COURSE_TITLE: r.courseTitle,
        UCAS_CODE: r.ucasCode,
        COURSE_CODE_OVERRIDE: r.courseCodeOverride,
        DEPT: r.dept,
        SECOND_YEAR_ENTRY: r.secondYearEntry as Scenario['SECOND_YEAR_ENTRY'],
        UCAS_PERSONAL_ID: r.ucasPersonalId,
        OVER18: r.over18 === 0 ? 0 : 1,
        EEA: r.eea === 0 ? 0 : 1,
        NATIONALITY: r.nationality,
        EMAIL: r.email,
        TEL1: r.tel1,
        STAGE_DIRECTION: r.stageDirection,
        ADDITIONAL_INSTRUCTION: r.additionalInstruction,
        COURSE_START_DATE: r.courseStartDate,
        GCSE_QUALIFICATIONS: items('GCSE_QUALIFICATIONS'),
        QUALIFICATIONS: items('QUALIFICATIONS'),
        SCENARIOQUESTIONS: questions.filter((q) => q.scenarioId === r.scenarioId).map((q) => ({ STATUS: q.status as 'G' | 'A' | 'R', QUESTION: q.question })),
      };
    });
  }

  const toCompletion = (s: Scenario, row: typeof scenarioCompletions.$inferSelect): ScenarioCompletion => ({
    SCENARIO_ID: s.SCENARIO_ID,
    HASH: s.HASH,
    NAME1: s.NAME1,
    NAME2: s.NAME2,
    UCAS_CODE: s.UCAS_CODE,
    COURSE_TITLE: s.COURSE_TITLE,
    STATUS: (row.status as ApplicationStatus | null) ?? null,
    EXPECTED_STATUSES: expectedScenarioStatuses(s),
    EXPECTED_OUTCOME: row.expectedOutcome,
    completedAt: row.completedAt.toISOString(),
  });

  return {
    async isEmpty(): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(scenarios);
      return (row?.n ?? 0) === 0;
    },

    /** Stores scenarios in one transaction: all of them or none. Returns how many. */
    async importScenarios(list: readonly StoredScenarioInput[]): Promise<number> {
      await db.transaction((tx) => insertScenarios(tx, list));
      return list.length;
    },

    /**
     * DEPT_LIST: the departments that have scenarios, never HSRM, PSYC or FBUA (spec section 9),
     * by name; COURSE_LIST: the courses with scenarios in `dept` (every department for 'all').
     */
    async lists(dept: string): Promise<ScenarioLists> {
      const departments = await db
        .selectDistinct({ DEPT_ID: scenarios.dept, DEPT_NAME: scenarios.deptName })
        .from(scenarios)
        .where(notExcluded)
        .orderBy(asc(scenarios.deptName), asc(scenarios.dept));
      const courses = await db
        .selectDistinct({ UCAS_CODE: scenarios.ucasCode, QUALIFICATION: scenarios.courseQualification, TITLE: scenarios.courseTitle })
        .from(scenarios)
        .where(dept === SCENARIO_FILTER_ALL ? notExcluded : and(notExcluded, eq(scenarios.dept, dept)))
        .orderBy(asc(scenarios.courseTitle), asc(scenarios.ucasCode));
      return { DEPT_LIST: { DEPARTMENTS: departments }, COURSE_LIST: { COURSES: courses } };
    },

    /**
     * The first scenario (by SCENARIO_ID) matching the filter that `username` has not completed,
     * outside the excluded departments; null when none is left.
     */
    async next(filter: ScenarioFilter, username: string): Promise<Scenario | null> {
      const where: SQL[] = [notExcluded];
      if (filter.gender !== SCENARIO_FILTER_ALL) where.push(eq(scenarios.gender, filter.gender));
      if (filter.dept !== SCENARIO_FILTER_ALL) where.push(eq(scenarios.dept, filter.dept));
      if (filter.course !== SCENARIO_FILTER_ALL) where.push(eq(scenarios.ucasCode, filter.course));
      where.push(
        notExists(
          db
            .select({ one: sql`1` })
            .from(scenarioCompletions)
            .where(and(eq(scenarioCompletions.scenarioId, scenarios.scenarioId), eq(scenarioCompletions.username, username))),
        ),
      );
      const rows = await db
        .select()
        .from(scenarios)
        .where(and(...where))
        .orderBy(asc(scenarios.scenarioId))
        .limit(1);
      const [scenario] = await hydrate(rows);
      return scenario ?? null;
    },

    /** The scenario with this HASH, or null. */
    async byHash(hash: string): Promise<Scenario | null> {
      const [scenario] = await hydrate(await db.select().from(scenarios).where(eq(scenarios.hash, hash)));
      return scenario ?? null;
    },

    /**
     * Records that `user` completed `scenario`, with the status they chose (or none) and whether it
     * was the expected outcome. Completing again replaces the earlier record (one per user and
     * scenario). One statement: an upsert on the (username, scenario_id) unique constraint.
     */
    async complete(user: Pick<StaffUser, 'username' | 'name'>, scenario: Scenario, status: ApplicationStatus | undefined): Promise<ScenarioCompletion> {
      const values = {
        username: user.username,
        name: user.name,
        scenarioId: scenario.SCENARIO_ID,
        status: status ?? null,
        expectedOutcome: isExpectedScenarioOutcome(scenario, status),
        completedAt: new Date(),
      };
      const [row] = await db
        .insert(scenarioCompletions)
        .values(values)
        .onConflictDoUpdate({
          target: [scenarioCompletions.username, scenarioCompletions.scenarioId],
          set: { name: values.name, status: values.status, expectedOutcome: values.expectedOutcome, completedAt: values.completedAt },
        })
        .returning();
      if (!row) throw new Error('completion not stored');
      return toCompletion(scenario, row);
    },

    /** Every trainee's completions (newest first), with their completed and expected-outcome counts. */
    async progress(): Promise<ScenarioProgress> {
      const [total] = await db.select({ n: count() }).from(scenarios).where(notExcluded);
      const rows = await db
        .select()
        .from(scenarioCompletions)
        .orderBy(asc(scenarioCompletions.username), sql`${scenarioCompletions.completedAt} desc`);
      const ids = [...new Set(rows.map((r) => r.scenarioId))];
      const list = ids.length === 0 ? [] : await hydrate(await db.select().from(scenarios).where(inArray(scenarios.scenarioId, ids)));
      const byId = new Map(list.map((s) => [s.SCENARIO_ID, s]));
      const trainees = new Map<string, ScenarioProgress['trainees'][number]>();
      for (const row of rows) {
        const scenario = byId.get(row.scenarioId);
        if (!scenario) continue;
        let trainee = trainees.get(row.username);
        if (!trainee) {
          trainee = { userId: row.username, name: row.name, completed: 0, expectedOutcomes: 0, completions: [] };
          trainees.set(row.username, trainee);
        }
        trainee.completed += 1;
        if (row.expectedOutcome === true) trainee.expectedOutcomes += 1;
        trainee.completions.push(toCompletion(scenario, row));
      }
      return { totalScenarios: total?.n ?? 0, trainees: [...trainees.values()] };
    },
  };
}
export type ScenariosRepository = ReturnType<typeof createScenariosRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    scenariosRepository: ScenariosRepository;
  }
}

export const scenariosRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('scenariosRepository', createScenariosRepository(fastify.db));
  },
  { name: 'scenarios-repository', dependencies: ['scenarios-database'] },
);
