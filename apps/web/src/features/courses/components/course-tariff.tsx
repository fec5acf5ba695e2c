import { tariffDisplay, type CourseData, type CourseRow } from '@clearing-desk/contracts';
import { COURSE_TEXTS, ibPointsText, tariffPointsText } from '../texts';

type CourseTariffProps = {
  /** The IB requirement, where given (the course page's whole course), is shown below the tariff. */
  course: Pick<CourseRow, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED' | 'SCHOOL'> & Partial<Pick<CourseData, 'IB_ADVERTISED' | 'IB_ACCEPTED'>>;
  /** Results list (cut-off 48) or course page (cut-off 24): spec section 5. */
  where: 'page' | 'results';
};

/**
 * Tariff as the spec's display rule says: '{n} UCAS points', plus a note when lower tariffs may
 * count; then, on the course page, the IB requirement where the course states one, as 'IB Diploma: {n} points', the
 * same side of it as the tariff shown (advertised with the advertised tariff, else accepted).
 */
export function CourseTariff({ course, where }: CourseTariffProps) {
  const { points, lowerTariffNote } = tariffDisplay(course, where);
  // Search results carry no IB requirement (their rows have no such column); the page does.
  const ib = where !== 'page' ? null : points === course.TARIFF_ADVERTISED ? course.IB_ADVERTISED : course.IB_ACCEPTED;
  return (
    <>
      <span className="cd-tariff__points">{tariffPointsText(points)}</span>
      {ib !== undefined && ib !== null && <span className="cd-tariff__points cd-tariff__ib">{ibPointsText(ib)}</span>}
      {lowerTariffNote && (
        <span className="cd-tariff__note">{where === 'results' ? COURSE_TEXTS.LOWER_TARIFF_NOTE_RESULTS : COURSE_TEXTS.LOWER_TARIFF_NOTE_PAGE}</span>
      )}
    </>
  );
}
