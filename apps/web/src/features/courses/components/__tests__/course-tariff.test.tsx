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

  it.each([
    // where, tariffs, IB, shown
    ['page', [121, 96], [30, 26], 'IB Diploma: 30 points'],
    ['page', [120, 96], [29, 26], 'IB Diploma: 26 points'],
    ['page', [112, 112], [28, 28], 'IB Diploma: 28 points'],
  ] as const)('on the %s with tariffs %j and IB requirement %j shows %s, on the side of the tariff shown', (where, [adv, acc], [ibAdv, ibAcc], shown) => {
    render(<CourseTariff course={{ ...course(adv, acc), IB_ADVERTISED: ibAdv, IB_ACCEPTED: ibAcc }} where={where} />);
    expect(screen.getByText(shown)).toBeInTheDocument();
  });

  it('shows no IB requirement where the course states none, nor in search results', () => {
    const { container, rerender } = render(<CourseTariff course={{ ...course(128, 112), IB_ADVERTISED: null, IB_ACCEPTED: null }} where="page" />);
    expect(container.querySelector('.cd-tariff__ib')).toBeNull();
    rerender(<CourseTariff course={{ ...course(128, 112), IB_ADVERTISED: 30, IB_ACCEPTED: 28 }} where="results" />);
    expect(container.querySelector('.cd-tariff__ib')).toBeNull();
  });
});
