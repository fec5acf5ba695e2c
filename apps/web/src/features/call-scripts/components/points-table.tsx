import { pointsTrafficLight, type Assessment, type CourseData, type CourseRow } from '@clearing-desk/contracts';
import { SummaryList, TrafficLight } from '@clearing-desk/ui';

type Tariffs = Pick<CourseRow, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED'> & Partial<Pick<CourseData, 'IB_ADVERTISED' | 'IB_ACCEPTED'>>;

/** The course's IB requirement beside its tariffs (domain.md "Tariff points", IB). */
export const IB_REQUIREMENT_ROW = 'IB Diploma requirement';
export const ibRequirementText = (advertised: number, accepted: number): string => `${advertised} points advertised, ${accepted} accepted`;

// Spec section 5: a figure that is not a number shows 'n/a'; a number is coloured by the tariffs.
const points = (value: number | undefined, course: Tariffs) =>
  typeof value === 'number' && Number.isFinite(value) ? (
    <span className="cd-feedback__points">
      {value} <TrafficLight value={pointsTrafficLight(value, course)} />
    </span>
  ) : (
    'n/a'
  );

/**
 * The points table of the feedback panel (spec section 2): total, effective and overall light;
 * and the course's IB requirement where it states one (an IB Diploma total is judged against it).
 */
export function PointsTable({ assessment, course }: { assessment: Assessment | null; course: Tariffs }) {
  const { IB_ADVERTISED: ibAdvertised, IB_ACCEPTED: ibAccepted } = course;
  const ib =
    typeof ibAdvertised === 'number' && typeof ibAccepted === 'number' ? [{ key: IB_REQUIREMENT_ROW, value: ibRequirementText(ibAdvertised, ibAccepted) }] : [];
  return (
    <SummaryList
      rows={[
        { key: 'Total UCAS Points', value: points(assessment?.UCAS_POINTS_TOTAL, course) },
        { key: 'Effective UCAS Points', value: points(assessment?.UCAS_POINTS_EFFECTIVE, course) },
        ...ib,
        { key: 'Overall Traffic Light', value: assessment ? <TrafficLight value={assessment.TRAFFIC_LIGHT} /> : 'n/a' },
      ]}
    />
  );
}
