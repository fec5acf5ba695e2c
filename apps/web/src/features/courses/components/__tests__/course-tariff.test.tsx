import { render, screen } from '@testing-library/react';
import { CourseTariff } from '../course-tariff';

const course = (advertised: number, accepted: number, school = 'SCI') => ({
  TARIFF_ADVERTISED: advertised,
  TARIFF_ACCEPTED: accepted,
  SCHOOL: school,
});

describe('CourseTariff (spec section 5 display rule)', () => {
  it.each([
    // where, advertised, accepted, shown, note
    ['page', 120, 96, '96 UCAS points', null],
    ['page', 121, 96, '121 UCAS points', 'Applicants with lower tariffs may be considered.'],
    ['page', 112, 112, '112 UCAS points', null],
    ['results', 144, 96, '96 UCAS points', null],
    ['results', 145, 96, '145 UCAS points', 'Lower tariffs may be considered'],
    ['results', 121, 96, '96 UCAS points', null],
  ] as const)('on the %s with %i advertised and %i accepted shows %s', (where, advertised, accepted, shown, note) => {
    const { container } = render(<CourseTariff course={course(advertised, accepted)} where={where} />);
    expect(screen.getByText(shown)).toBeInTheDocument();
    if (note) expect(screen.getByText(note)).toBeInTheDocument();
    else expect(container.querySelector('.cd-tariff__note')).toBeNull();
  });

  it.each(['page', 'results'] as const)('always shows the advertised tariff for the School of Health Sciences (%s)', (where) => {
    const { container } = render(<CourseTariff course={course(120, 40, 'SHS')} where={where} />);
    expect(screen.getByText('120 UCAS points')).toBeInTheDocument();
    expect(container.querySelector('.cd-tariff__note')).toBeNull();
  });
});
