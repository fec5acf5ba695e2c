import {
  buildQualOption,
  countryName,
  formatLongDate,
  QUALIFICATION_CATALOGUE,
  readBackQualification,
  SCENARIO_TEXTS as T_SECTIONS,
  type QualificationCode,
  type QualificationItem,
  type Scenario,
} from '@clearing-desk/contracts';
import { SummaryList } from '@clearing-desk/ui';
import { SCENARIO_DETAIL_LABELS as L, SCENARIO_SCREEN_TEXTS as T } from '../texts';

const yesNo = (flag: 0 | 1) => (flag === 1 ? T.YES : T.NO);

/** One qualification read as the adviser would read it back (contracts' read-back, the catalogue's labels). */
export const readQualification = (item: QualificationItem): string =>
  readBackQualification(item, item.QUALIFICATION in QUALIFICATION_CATALOGUE ? [buildQualOption(item.QUALIFICATION as QualificationCode)] : []);

/** The scenario's course as one line: 'Computer Science BSc (Hons) (G400)', the override code when set. */
export const scenarioCourse = (s: Pick<Scenario, 'COURSE_TITLE' | 'COURSE_QUALIFICATION' | 'UCAS_CODE' | 'COURSE_CODE_OVERRIDE'>): string =>
  `${s.COURSE_TITLE} ${s.COURSE_QUALIFICATION} (${s.COURSE_CODE_OVERRIDE?.trim() || s.UCAS_CODE})`;

/** 'Scenario Details' (spec section 2): who the caller is and which course they call about. */
export function ScenarioDetails({ scenario: s }: { scenario: Scenario }) {
  return (
    <section aria-labelledby="scenario-details-heading" className="cd-scenario__section">
      <h2 className="cd-heading-m" id="scenario-details-heading">
        {T_SECTIONS.DETAILS}
      </h2>
      <SummaryList
        rows={[
          { key: L.SCENARIO_ID, value: s.SCENARIO_ID },
          { key: L.NAME, value: `${s.NAME1} ${s.NAME2}` },
          { key: L.DOB, value: formatLongDate(s.DOB) },
          { key: L.GENDER, value: T.GENDERS[s.GENDER] },
          { key: L.NATIONALITY, value: countryName(s.NATIONALITY) },
          { key: L.EEA, value: yesNo(s.EEA) },
          { key: L.OVER18, value: yesNo(s.OVER18) },
          { key: L.EMAIL, value: s.EMAIL },
          { key: L.TEL1, value: s.TEL1 },
          { key: L.UCAS_PERSONAL_ID, value: s.UCAS_PERSONAL_ID || T.NONE },
          { key: L.COURSE, value: scenarioCourse(s) },
          { key: L.DEPT, value: s.DEPT },
          { key: L.COURSE_START_DATE, value: formatLongDate(s.COURSE_START_DATE) },
          { key: L.SECOND_YEAR_ENTRY, value: s.SECOND_YEAR_ENTRY === '1' ? T.SECOND_YEAR : T.FIRST_YEAR },
          { key: L.FEEDBACK_TELEPHONE, value: s.FEEDBACK_TELEPHONE },
        ]}
      />
    </section>
  );
}

/** 'Scenario Instructions': the additional instruction and what the trainee must find out (SCENARIOQUESTIONS). */
export function ScenarioInstructions({ scenario: s }: { scenario: Scenario }) {
  return (
    <section aria-labelledby="scenario-instructions-heading" className="cd-scenario__section">
      <h2 className="cd-heading-m" id="scenario-instructions-heading">
        {T_SECTIONS.INSTRUCTIONS}
      </h2>
      <p className="cd-body">{s.ADDITIONAL_INSTRUCTION.trim() || T.NO_INSTRUCTION}</p>
      <p className="cd-body">{T.QUESTIONS_INTRO}</p>
      <ul className="cd-list cd-list--bullet">
        {s.SCENARIOQUESTIONS.map((q, i) => (
          <li key={i}>{q.QUESTION}</li>
        ))}
      </ul>
    </section>
  );
}

/** What the caller answers when asked: their qualifications as they would read them out. */
export function CallerQualifications({ scenario: s, headingLevel = 3 }: { scenario: Scenario; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      <Heading className="cd-heading-s">{T.GCSES}</Heading>
      {s.GCSE_QUALIFICATIONS.length === 0 ? (
        <p className="cd-body">{T.NONE}</p>
      ) : (
        <ol className="cd-list cd-list--number">
          {s.GCSE_QUALIFICATIONS.map((item, i) => (
            <li key={i}>{readQualification(item)}</li>
          ))}
        </ol>
      )}
      <Heading className="cd-heading-s">{T.QUALIFICATIONS}</Heading>
      {s.QUALIFICATIONS.length === 0 ? (
        <p className="cd-body">{T.NONE}</p>
      ) : (
        <ol className="cd-list cd-list--number">
          {s.QUALIFICATIONS.map((item, i) => (
            <li key={i}>{readQualification(item)}</li>
          ))}
        </ol>
      )}
    </>
  );
}

/** 'Scenario Script': the stage directions for whoever plays the caller, and the answers they give. */
export function ScenarioScript({ scenario: s }: { scenario: Scenario }) {
  return (
    <section aria-labelledby="scenario-script-heading" className="cd-scenario__section">
      <h2 className="cd-heading-m" id="scenario-script-heading">
        {T_SECTIONS.SCRIPT}
      </h2>
      <p className="cd-body cd-scenario__stage-direction">{s.STAGE_DIRECTION}</p>
      <CallerQualifications scenario={s} />
    </section>
  );
}
