/**
 * Every EXPLANATION text of the assessment, in one place (domain.md: "Each reason that lowers the
 * light adds an EXPLANATION that names the numbers"). Rules call these builders; tests compare the
 * exact strings.
 */

const COLOUR_NAMES = { G: 'green', A: 'amber', R: 'red' } as const;

/** IELTS bands are written with one decimal: 6 -> '6.0', 6.5 -> '6.5'. */
export const formatBand = (band: number): string => (Number.isInteger(band) ? band.toFixed(1) : String(band));

const list = (items: readonly string[]): string => items.join(', ');

export const MESSAGES = {
  /** Points rule, G. */
  pointsMeetAdvertised: (effective: number, advertised: number) => `Effective UCAS points ${effective} meet the advertised tariff of ${advertised}.`,
  /** Points rule, A. */
  pointsMeetAccepted: (effective: number, advertised: number, accepted: number) =>
    `Effective UCAS points ${effective} are below the advertised tariff of ${advertised} but meet the accepted tariff of ${accepted}.`,
  /** Points rule, R. */
  pointsBelowAccepted: (effective: number, accepted: number) => `Effective UCAS points ${effective} are below the accepted tariff of ${accepted}.`,
  /** IB Diploma total against the course's IB requirement (domain.md "Tariff points", IB), G. */
  ibTotalMeetsAdvertised: (total: number, advertised: number) => `IB Diploma total ${total} meets the advertised IB requirement of ${advertised} points.`,
  /** IB Diploma total, A. */
  ibTotalMeetsAccepted: (total: number, advertised: number, accepted: number) =>
    `IB Diploma total ${total} is below the advertised IB requirement of ${advertised} points but meets the accepted requirement of ${accepted} points.`,
  /** IB Diploma total, R. */
  ibTotalBelowAccepted: (total: number, accepted: number) => `IB Diploma total ${total} is below the accepted IB requirement of ${accepted} points.`,
  /** Why effective points are below the total (given with an A or R points result). */
  pointsNotCounted: (total: number, effective: number, items: readonly string[]) =>
    `UCAS points total ${total} includes ${total - effective} points that do not count for this course: ${items.join('; ')}.`,
  notCountedAsLevel: (subject: string, points: number) => `AS Level ${subject}, also taken at A Level (${points})`,
  notCountedByCourse: (label: string, points: number) => `${label}, not counted by this course (${points})`,

  /** Option colour rule: a chosen field option the course colours amber or red. */
  optionColour: (qualification: string, subject: string, field: string, value: string, colour: 'G' | 'A' | 'R') =>
    `${qualification}${subject ? ` ${subject}` : ''}: ${field} ${value} is rated ${COLOUR_NAMES[colour]} by this course.`,

  /** GCSE English / Mathematics at 4/C, R. `subject` is 'English' or 'Mathematics'. */
  gcseRequired: (subject: string, functionalSkills: boolean, gradesGiven: readonly string[]) =>
    `GCSE ${subject} at grade 4/C or above${functionalSkills ? ` (or Functional Skills Level 2 ${subject} at Pass)` : ''} is required.` +
    (gradesGiven.length === 0 ? '' : ` ${gradesGiven.length === 1 ? 'Grade' : 'Grades'} given: ${list(gradesGiven)}.`),
  /** Engineering courses, R. */
  engineeringScience: () => 'Engineering courses require GCSE Physics or another science (Chemistry, Biology or Combined Science) at grade 4/C or above.',
  /** Sciences school, R. */
  sciencesGcseCount: (minimum: number, given: number) =>
    `Courses in the Sciences school require at least ${minimum} GCSEs at grade 4/C or above; ${given} ${given === 1 ? 'was' : 'were'} given.`,
  /** English evidence, A: no test at all. */
  englishEvidenceMissing: (nationality: string, minimumIelts: number) =>
    `Nationality ${nationality} without GCSE or IGCSE English at grade 4/C or above: an English language test is needed ` +
    `(IELTS ${formatBand(minimumIelts)} or above, or another recognised test). Please provide evidence of English.`,
  /** English evidence, A: an IELTS score below the course's minimum and no test that meets it. */
  englishEvidenceIeltsTooLow: (score: number, minimumIelts: number) =>
    `IELTS score ${formatBand(score)} is below the minimum of ${formatBand(minimumIelts)} for this course. ` +
    'Please provide evidence of English at the required level.',
  /** English evidence, A: another test's score below the course's minimum, through the equivalence table. */
  englishEvidenceTestTooLow: (test: string, score: string, equivalent: number, minimumIelts: number) =>
    `${test} score ${score} (equivalent to IELTS ${formatBand(equivalent)}) is below the minimum of IELTS ${formatBand(minimumIelts)} for this course. ` +
    'Please provide evidence of English at the required level.',
  /** Points rule lowered from R to A: qualifications the Tariff does not price need a person's judgement. */
  unpricedQualifications: (titles: readonly string[]) =>
    `${titles.length === 1 ? 'This qualification carries' : 'These qualifications carry'} no UCAS Tariff points: ${titles.map((t) => `'${t}'`).join(', ')}. ` +
    'An admissions adviser must judge whether they meet the entry requirements.',
  /** Graduate or registered-professional entry (assessmentInfo.priorEntry), A: school-leaver points are not the test. */
  priorEntry: (requirement: string) => `This course is not assessed on school-leaver UCAS points. ${requirement} An admissions adviser must check it.`,
  /** Access to HE with fewer than 45 graded credits (domain.md "Access to HE"). */
  accessHeIncomplete: (credits: number, full: number) =>
    `Access to HE Diploma with ${credits} graded credits carries 0 UCAS points: UCAS gives points only for a complete profile of ${full} graded credits.`,
} as const;
