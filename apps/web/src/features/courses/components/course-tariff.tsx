import { tariffDisplay, type CourseRow } from '@clearing-desk/contracts';
import { COURSE_TEXTS, tariffPointsText } from '../texts';

type CourseTariffProps = {
  course: Pick<CourseRow, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED' | 'SCHOOL'>;
  /** Results list (cut-off 48) or course page (cut-off 24): spec section 5. */
  where: 'page' | 'results';
};

/** Tariff as the spec's display rule says: '{n} UCAS points', plus a note when lower tariffs may count. */
export function CourseTariff({ course, where }: CourseTariffProps) {
  const { points, lowerTariffNote } = tariffDisplay(course, where);
  return (
    <>
      <span className="cd-tariff__points">{tariffPointsText(points)}</span>
      {lowerTariffNote && (
        <span className="cd-tariff__note">{where === 'results' ? COURSE_TEXTS.LOWER_TARIFF_NOTE_RESULTS : COURSE_TEXTS.LOWER_TARIFF_NOTE_PAGE}</span>
      )}
    </>
  );
}
