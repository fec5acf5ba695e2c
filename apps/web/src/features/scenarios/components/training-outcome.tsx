import {
  expectedScenarioLight,
  expectedScenarioStatuses,
  isExpectedScenarioOutcome,
  type ApplicationStatus,
  type Scenario,
  type ScenarioCompletion,
  type TrafficLight as Light,
} from '@clearing-desk/contracts';
import { Notice, SummaryList, TrafficLight } from '@clearing-desk/ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { TRAINING_TEXTS as T, statusLabel, statusList } from '../texts';
import { MarkCompleted } from './mark-completed';
import '../scenarios.css';

type TrainingOutcomeProps = {
  scenario: Scenario;
  /** The status of the submit button the trainee chose. */
  status: ApplicationStatus;
  /** The traffic light the assessment gave the answers. */
  light: Light;
  /** The outcome script for that status (the call-scripts panel, supplied by the route). */
  script: ReactNode;
  onCompleted: (completion: ScenarioCompletion) => void;
};

/**
 * After a training call is submitted: the status chosen against the scenario's
 * expected outcome (expectedScenarioStatuses of its SCENARIOQUESTIONS), the questions with the
 * light each leads to, the outcome script, and 'Mark as Completed' recording the chosen status.
 * Its heading takes focus when it appears.
 */
export function TrainingOutcome({ scenario, status, light, script, onCompleted }: TrainingOutcomeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => headingRef.current?.focus(), []);
  const expected = expectedScenarioStatuses(scenario);
  const matches = isExpectedScenarioOutcome(scenario, status) === true;
  const expectedLight = expectedScenarioLight(scenario.SCENARIOQUESTIONS);

  return (
    <div className="cd-training-outcome">
      <h1 className="cd-heading-l" tabIndex={-1} ref={headingRef}>
        {T.OUTCOME_HEADING}
      </h1>
      <Notice variant={matches ? 'success' : 'error'} title={matches ? T.MATCH_TITLE : T.NO_MATCH_TITLE}>
        <p className="cd-body">{matches ? T.MATCH : T.NO_MATCH}</p>
      </Notice>
      <SummaryList
        rows={[
          { key: T.CHOSEN, value: statusLabel(status) },
          { key: T.EXPECTED, value: expected.length > 0 ? statusList(expected) : null },
          { key: T.LIGHT, value: <TrafficLight value={light} /> },
        ]}
      />
      <section aria-labelledby="training-questions-heading">
        <h2 className="cd-heading-m" id="training-questions-heading">
          {T.QUESTIONS_HEADING}
          {expectedLight && (
            <>
              {': '}
              <TrafficLight value={expectedLight} />
            </>
          )}
        </h2>
        <ul className="cd-list cd-training-outcome__questions">
          {scenario.SCENARIOQUESTIONS.map((q, i) => (
            <li key={i}>
              <TrafficLight value={q.STATUS} /> {q.QUESTION}
            </li>
          ))}
        </ul>
      </section>
      <p className="cd-body">{T.OUTCOME_SCRIPT}</p>
      {script}
      <MarkCompleted hash={scenario.HASH} status={status} onCompleted={onCompleted} />
    </div>
  );
}
