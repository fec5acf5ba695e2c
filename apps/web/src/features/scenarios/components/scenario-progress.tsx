import { APPLICATION_STATUSES, type ScenarioProgress as Progress } from '@clearing-desk/contracts';
import { Notice, Spinner, Table } from '@clearing-desk/ui';
import { formatApiError } from '@/lib/api-client';
import { useScenarioProgress } from '../api/get-scenario-progress';
import { SCENARIO_PROGRESS_TEXTS as T, statusList } from '../texts';

type Trainee = Progress['trainees'][number];
type Completion = Trainee['completions'][number];

const formatTime = (iso: string): string => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const outcomeText = (c: Completion): string => (c.EXPECTED_OUTCOME === null ? T.NOT_TRAINED : c.EXPECTED_OUTCOME ? T.YES : T.NO);

/**
 * Progress for supervisors: per trainee, the scenarios completed (of all there
 * are) and how many ended with the expected outcome, then each trainee's completions.
 */
export function ScenarioProgress() {
  const query = useScenarioProgress();
  if (query.isPending) return <Spinner label={T.LOADING} showLabel />;
  if (query.isError) {
    return (
      <Notice variant="error">
        <p className="cd-body">{formatApiError(query.error)}</p>
      </Notice>
    );
  }
  const { trainees, totalScenarios } = query.data;
  if (trainees.length === 0) return <p className="cd-body">{T.NONE}</p>;
  return (
    <>
      <Table<Trainee>
        caption={T.CAPTION}
        columns={[
          { id: 'name', header: T.TRAINEE, cell: (t) => t.name },
          { id: 'completed', header: T.COMPLETED, cell: (t) => T.OF(t.completed, totalScenarios) },
          { id: 'expected', header: T.EXPECTED_OUTCOMES, cell: (t) => T.OF(t.expectedOutcomes, t.completed) },
        ]}
        rows={trainees}
        rowKey={(t) => t.userId}
      />
      {trainees.map((trainee) => (
        <section key={trainee.userId} aria-labelledby={`trainee-${trainee.userId}`} className="cd-scenario-progress__trainee">
          <h2 className="cd-heading-m" id={`trainee-${trainee.userId}`}>
            {trainee.name}
          </h2>
          <Table<Completion>
            caption={T.COMPLETIONS_CAPTION(trainee.name)}
            captionHidden
            columns={[
              { id: 'scenario', header: T.SCENARIO, cell: (c) => `${c.SCENARIO_ID}: ${c.NAME1} ${c.NAME2}` },
              { id: 'course', header: T.COURSE, cell: (c) => `${c.COURSE_TITLE} (${c.UCAS_CODE})` },
              { id: 'status', header: T.STATUS, cell: (c) => (c.STATUS ? APPLICATION_STATUSES[c.STATUS] : T.NOT_TRAINED) },
              { id: 'expected', header: T.EXPECTED, cell: (c) => statusList(c.EXPECTED_STATUSES) },
              { id: 'outcome', header: T.MATCHED, cell: outcomeText },
              { id: 'at', header: T.AT, cell: (c) => formatTime(c.completedAt) },
            ]}
            rows={trainee.completions}
            rowKey={(c) => c.HASH}
          />
        </section>
      ))}
    </>
  );
}
