import { SCENARIO_FILTER_ALL, type ScenarioFilter, type ScenarioLists } from '@clearing-desk/contracts';
import { Button, Select } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { SCENARIO_SCREEN_TEXTS as T } from '../texts';

type ScenarioFiltersProps = {
  /** The filter in the URL (what is shown now). */
  filter: ScenarioFilter;
  /** DEPT_LIST and COURSE_LIST of the last answer; null before the first one. */
  lists: ScenarioLists | null;
  onApply: (filter: ScenarioFilter) => void;
};

/**
 * The scenario filters of spec section 2: gender, department (DEPT_LIST, which never holds HSRM,
 * PSYC or FBUA) and course (COURSE_LIST), each 'All' by default. A GET-style form applied with
 * its button (a select that navigated on change would move people on while they browse it,
 * WCAG 3.2.2). Choosing another department resets the course, whose list belongs to the department.
 * Remount it (key) when the URL's filter changes.
 */
export function ScenarioFilters({ filter, lists, onApply }: ScenarioFiltersProps) {
  const [draft, setDraft] = useState(filter);
  const all = { value: SCENARIO_FILTER_ALL, label: T.ALL };
  const departments = lists?.DEPT_LIST.DEPARTMENTS ?? [];
  const courses = draft.dept === filter.dept ? (lists?.COURSE_LIST.COURSES ?? []) : [];
  // A value from the URL that the lists do not (yet) hold is still shown as chosen.
  const keep = (value: string, known: boolean) => (value !== SCENARIO_FILTER_ALL && !known ? [{ value, label: value }] : []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form className="cd-scenario-filters" method="get" onSubmit={onSubmit} aria-labelledby="scenario-filters-heading">
      <h2 className="cd-heading-m" id="scenario-filters-heading">
        {T.FILTERS_HEADING}
      </h2>
      <div className="cd-scenario-filters__row">
        <Select
          id="scenario-gender"
          name="gender"
          label={T.GENDER}
          value={draft.gender}
          onChange={(event) => setDraft({ ...draft, gender: event.target.value as ScenarioFilter['gender'] })}
          options={[
            all,
            { value: 'M', label: T.GENDERS.M },
            { value: 'F', label: T.GENDERS.F },
            ...keep(draft.gender, draft.gender === 'M' || draft.gender === 'F'),
          ]}
        />
        <Select
          id="scenario-dept"
          name="dept"
          label={T.DEPT}
          value={draft.dept}
          onChange={(event) => setDraft({ ...draft, dept: event.target.value, course: SCENARIO_FILTER_ALL })}
          options={[
            all,
            ...departments.map((d) => ({ value: d.DEPT_ID, label: `${d.DEPT_NAME} (${d.DEPT_ID})` })),
            ...keep(
              draft.dept,
              departments.some((d) => d.DEPT_ID === draft.dept),
            ),
          ]}
        />
        <Select
          id="scenario-course"
          name="course"
          label={T.COURSE}
          value={draft.course}
          onChange={(event) => setDraft({ ...draft, course: event.target.value })}
          options={[
            all,
            ...courses.map((c) => ({ value: c.UCAS_CODE, label: `${c.TITLE} ${c.QUALIFICATION} (${c.UCAS_CODE})` })),
            ...keep(
              draft.course,
              courses.some((c) => c.UCAS_CODE === draft.course),
            ),
          ]}
        />
      </div>
      <Button type="submit" variant="secondary">
        {T.SHOW}
      </Button>
    </form>
  );
}
