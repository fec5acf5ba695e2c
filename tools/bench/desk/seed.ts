/**
 * The desk benchmarks' data: `applications` applications of as
 * many students, seeded with SQL into applications-svc's migrated database (PostgreSQL or PGlite),
 * then analysed as autovacuum would soon after a bulk load.
 */
import { sql, type SQL } from 'drizzle-orm';

/** What the seed needs of applications-svc's database (its Drizzle handle, either driver). */
export type Db = { execute: <T = unknown>(query: SQL) => Promise<{ rows: T[] }> };

/** Given names with accents, so the name search folds as it does for real people. */
const GIVEN = ['Amara', 'Zoë', 'José', 'Chloé', 'Søren', 'Ravi', 'Mei', 'Oluwaseun', 'Élodie', 'Tomás'];
/** The seed folds accents in SQL as foldName does in Node (only the letters used above). */
const FROM = 'ëéåüøöá';
const TO = 'eeauooa';
const FAMILY = ['Okafor', 'Ångström', 'García', 'Smith', 'Nguyen', 'Kowalski', 'Brown', 'Müller', 'Patel', 'Jones'];

/**
 * Seeds 160 courses' applications over 4 schools: every status, accented names (10 given x 10
 * family names, so 'smith' is 1 in 10), a visa record on 1 in 20, an outbound call on 1 in 8.
 */
export async function seed(db: Db, applications: number) {
  const given = `{${GIVEN.join(',')}}`;
  const family = `{${FAMILY.join(',')}}`;
  await db.execute(sql`
    insert into students (name1, name2, email, email_normalised, dob, nationality, tel1, name1_folded, name2_folded)
    select g.name1, g.name2 || ' ' || n, 'p' || n || '@example.com', 'p' || n || '@example.com', '2006-01-01', 'GBR', '07700900000',
      translate(lower(g.name1), ${FROM}, ${TO}), translate(lower(g.name2), ${FROM}, ${TO}) || ' ' || n
    from (select n, (${given}::text[])[1 + n % 10] as name1, (${family}::text[])[1 + (n / 10) % 10] as name2
          from generate_series(1, ${applications}) n) g`);
  // 160 courses over 4 schools; every status; a visa record on 1 in 20; an outbound call on 1 in 8.
  await db.execute(sql`
    insert into applications (hash, submission_id, student_id, ucas_code, depart_number, status, sub_status, form, assessment,
      over18, second_year_entry, outbound_call_flag, outbound_call_remark, email_normalised, ucas_personal_id,
      school, dept, created_by, names_folded, name2_folded, visa_status, created_at)
    select md5(s.student_id), gen_random_uuid(), s.student_id, 'B' || lpad((n % 160)::text, 3, '0'), '31',
      (array['O','I','S','R','X','P','W','D','S','S'])[1 + (n % 10)], null,
      jsonb_build_object('NAME1', s.name1, 'NAME2', s.name2, 'EMAIL', s.email, 'NATIONALITY', 'GBR', 'SECOND_YEAR_ENTRY', '0'),
      '{}'::jsonb, 1, 0, (n % 8 = 0)::int, case when n % 8 = 0 then 'Called no answer' end, s.email_normalised,
      (7000000000 + n)::text, (array['SCI','LAW','BUS','HEA'])[1 + (n % 4)], 'D' || (n % 12), (case when n % 3 = 0 then 'public' else 'backoffice' end),
      s.name1_folded || ' ' || s.name2_folded, s.name2_folded, case when n % 20 = 0 then 'P' end, now() - (n || ' seconds')::interval
    from (select *, row_number() over (order by student_id) as n from students) s`);
  // As autovacuum would soon after a bulk load: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze applications`);
  await db.execute(sql`vacuum analyze students`);
}

/** The 11 query kinds the benchmarks time (name searches, a public reference, each status filter of spec section 2), as query strings. */
export const SCENARIOS: [name: string, query: string][] = [
  ['name search "zoe angstrom"', 'q=zoe%20angstrom'],
  ['family name "smith" (5,000 people)', 'q=smith'],
  ['one person "mei muller 4576"', 'q=mei%20muller%204576'],
  ['public reference', 'q=31100001'],
  ['All', 's='],
  ['p Public submissions', 's=p'],
  ['b Requiring back office attention', 's=b'],
  ['o Offered/Invited', 's=o'],
  ['r Rejected', 's=r'],
  ['v Visa', 's=v'],
  ['c Outbound call complete', 's=c'],
];
