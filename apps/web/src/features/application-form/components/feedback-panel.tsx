import { pointsTrafficLight, type Assessment, type CourseData } from '@clearing-desk/contracts';
import { SummaryList, TrafficLight } from '@clearing-desk/ui';
import type { ReactNode } from 'react';

// Spec section 5's colour rule lives once in contracts (pointsTrafficLight).
const points = (value: number | undefined, course: Pick<CourseData, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED'>) =>
  typeof value === 'number' && Number.isFinite(value) ? (
    <span className="cd-feedback__points">
      {value} <TrafficLight value={pointsTrafficLight(value, course)} />
    </span>
  ) : (
    'n/a'
  );

type FeedbackPanelProps = {
  assessment: Assessment | null;
  course: Pick<CourseData, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED'>;
  /** Extra staff content under the points (history log, scripts, outbound call), later issues. */
  children?: ReactNode;
};

/**
 * The staff feedback panel (spec section 2): Total UCAS Points, Effective UCAS Points, Overall
 * Traffic Light and the explanation messages. Not shown to the public; staff screens pass it to
 * the submit step's `beforeSubmit` slot (see AssessmentFeedback).
 */
export function FeedbackPanel({ assessment, course, children }: FeedbackPanelProps) {
  return (
    <section className="cd-feedback" aria-labelledby="feedback-heading">
      <h2 className="cd-heading-m" id="feedback-heading">
        Feedback
      </h2>
      <SummaryList
        rows={[
          { key: 'Total UCAS Points', value: points(assessment?.UCAS_POINTS_TOTAL, course) },
          { key: 'Effective UCAS Points', value: points(assessment?.UCAS_POINTS_EFFECTIVE, course) },
          { key: 'Overall Traffic Light', value: assessment ? <TrafficLight value={assessment.TRAFFIC_LIGHT} /> : 'n/a' },
        ]}
      />
      {assessment && assessment.EXPLANATION.length > 0 && (
        <>
          <h3 className="cd-heading-s">Explanation</h3>
          <ul className="cd-list cd-feedback__explanation">
            {assessment.EXPLANATION.map((e, i) => (
              <li key={i}>
                <TrafficLight value={e.STATUS} /> {e.MESSAGE}
              </li>
            ))}
          </ul>
        </>
      )}
      {children}
    </section>
  );
}
