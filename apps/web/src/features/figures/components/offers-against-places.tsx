import { canEditCourse, offersThroughTheDay, type FiguresCourseRow, type WallboardResponse } from '@clearing-desk/contracts';
import { useQuery } from '@tanstack/react-query';
import { CourseOpenControl } from '@/components/course-open-control';
import { getAdminCourseQueryOptions } from '@/lib/admin-course';
import { useUser } from '@/lib/auth';
import { figuresKeys } from '../api/figures-keys';
import { Select, Spinner, Table } from '@clearing-desk/ui';
import { lazy, Suspense, useId, useState } from 'react';
import { WALLBOARD_SCREEN_TEXTS as T } from '../texts';
import type { OffersChartPoint } from './offers-chart';

// recharts is loaded only when the chart is drawn: the board's figures come first, and no
// public page ever carries it.
const OffersChart = lazy(() => import('./offers-chart'));

const hourOf = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/London' });
const hourLabel = (hour: number) => `${String((hour + 1) % 24).padStart(2, '0')}:00`;
const courseName = (r: FiguresCourseRow) => `${r.COURSE_TITLE} (${r.COURSE_CODE_OVERRIDE?.trim() ? r.COURSE_CODE_OVERRIDE : r.UCAS_CODE})`;

/**
 * Offers against places through today for the course chosen (the soonest to fill first): a
 * recharts line chart and the same numbers as a table (the accessible alternative), hour by
 * hour up to now (contracts offersThroughTheDay); and, for a user who may edit the course, its
 * Close or Reopen with a confirmation naming it (CourseOpenControl).
 */
export function OffersAgainstPlaces({
  rows,
  offersToday,
  generatedAt,
  large,
}: {
  rows: FiguresCourseRow[];
  offersToday: WallboardResponse['offers_today'];
  generatedAt: string;
  large: boolean;
}) {
  const selectId = useId();
  const viewer = useUser()?.username ?? '';
  const [chosen, setChosen] = useState<string | null>(null);
  const course = rows.find((r) => r.UCAS_CODE === chosen) ?? rows[0];
  // The chosen course as course control sees it: its external vacancies and what Reopen restores.
  const detail = useQuery({ ...getAdminCourseQueryOptions(course?.UCAS_CODE ?? '', viewer), enabled: !!course });
  if (!course) return null;
  const nowHour = Number(hourOf.format(new Date(generatedAt)));
  const series = offersThroughTheDay(
    offersToday.filter((o) => o.UCAS_CODE === course.UCAS_CODE),
    course.OFFERS_COUNTING,
    course.CLEARING_PLACES,
    nowHour,
  );
  const points: OffersChartPoint[] = series.map((p) => ({ label: hourLabel(p.hour), offers: p.offers, places: p.places }));
  const name = courseName(course);
  return (
    <section aria-labelledby={`${selectId}-heading`}>
      <h2 id={`${selectId}-heading`} className="cd-heading-m">
        {T.CHART_HEADING}
      </h2>
      <Select
        id={selectId}
        label={T.CHART_COURSE}
        value={course.UCAS_CODE}
        onChange={(e) => setChosen(e.target.value)}
        options={rows.map((r) => ({ value: r.UCAS_CODE, label: courseName(r) }))}
      />
      {detail.data && canEditCourse(detail.data.access) && (
        <CourseOpenControl
          key={course.UCAS_CODE}
          course={detail.data.courseData}
          reopenVacancies={detail.data.reopenVacancies ?? null}
          viewer={viewer}
          also={[figuresKeys.all]}
        />
      )}
      <Suspense fallback={<Spinner label={T.CHART_LOADING} />}>
        <OffersChart points={points} description={T.chartDescription(name, course.OFFERS_COUNTING, course.CLEARING_PLACES)} large={large} />
      </Suspense>
      <details>
        <summary className="cd-link">{T.CHART_TABLE_SUMMARY}</summary>
        <Table
          caption={T.chartCaption(name)}
          columns={[
            { id: 'hour', header: T.HOUR, cell: (p: OffersChartPoint) => p.label },
            { id: 'offers', header: T.OFFERS, cell: (p: OffersChartPoint) => p.offers },
            { id: 'places', header: T.PLACES, cell: (p: OffersChartPoint) => p.places },
          ]}
          rows={points}
          rowKey={(p) => p.label}
        />
      </details>
    </section>
  );
}
