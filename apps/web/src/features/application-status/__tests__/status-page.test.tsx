import { createCourse } from '@clearing-desk/contracts/testing';
import { act, render, screen, within } from '@testing-library/react';
import { db, setApplyResponse, setClearingStatus } from '@/testing/mocks/db';
import { storeApplication } from '@/testing/mocks/handlers/applications';
import { createSubmission } from '@/testing/submission';
import { renderApp } from '@/testing/test-utils';
import { DeadlineCountdown } from '../components/deadline-countdown';

const RECOMMENDED = [
  { UCAS_CODE: 'G413', COURSE_TITLE: 'Data Science', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: null },
  { UCAS_CODE: 'G100', COURSE_TITLE: 'Mathematics', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: 'G10F' },
];

/** Stores an application as POST /api/apply does (the mock answers setApplyResponse's status) and opens its status page. */
async function openStatusPage(course = createCourse()) {
  const response = storeApplication(course, createSubmission(course));
  const rendered = renderApp(`/review/${response.hash}`);
  await screen.findByRole('heading', { level: 1 });
  return { ...rendered, response };
}

describe("the applicant's status page (/review/{hash})", () => {
  it("says 'Added in UCAS' once UCAS's export showed the Clearing choice added, and nothing before", async () => {
    setApplyResponse({ confirmed_status: 'O' });
    const course = createCourse();
    const added = storeApplication(course, createSubmission(course));
    db.applications.at(-1)!.review.decision.UCAS_ADDED_AT = '2025-08-15T10:00:00.000Z';
    const notYet = storeApplication(course, createSubmission(course));
    const first = renderApp(`/review/${added.hash}`);
    await screen.findByRole('heading', { level: 1, name: 'Good News!' });
    expect(screen.getByText('Added in UCAS', { selector: 'strong' })).toBeInTheDocument();
    first.unmount();
    renderApp(`/review/${notYet.hash}`);
    await screen.findByRole('heading', { level: 1, name: 'Good News!' });
    expect(screen.queryByText('Added in UCAS')).not.toBeInTheDocument();
  });

  it('an offer: the decision, what to do in UCAS Hub and by when, the course, reference and telephone, then the application', async () => {
    setApplyResponse({ confirmed_status: 'O' });
    await openStatusPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
    expect(screen.getByText('Computer Science BSc (Hons)', { selector: '.cd-caption-l' })).toBeInTheDocument();
    expect(screen.getByText('Computer Science BSc (Hons)', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('G400', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('We are pleased to offer you a place on Computer Science BSc (Hons), starting on 28 September 2026.')).toBeInTheDocument();
    expect(screen.getByText('Your reference is 31004211.')).toBeInTheDocument();

    const next = screen.getByRole('region', { name: 'What to do next' });
    // The deadline as a date and time that does not move (decided 14 August 2025, a Thursday: Monday 23:59), then the time left.
    expect(within(next).getByText('23:59 on Monday 18 August 2025')).toHaveAttribute('datetime', '2025-08-18T22:59:00.000Z');
    expect(within(next).getByRole('timer')).toHaveAttribute('aria-live', 'off');
    expect(
      within(next).getByText('Add us as your Clearing choice in UCAS Hub by 23:59 on Monday 18 August 2025 (two working days). After that the offer lapses.'),
    ).toBeInTheDocument();
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Sign in to your UCAS Hub and choose Clearing.',
      'Add us as your Clearing choice with institution code Z99 and course code G400.',
      'Submit your choice. We will confirm your place in UCAS Hub.',
    ]);

    const call = screen.getByRole('region', { name: 'Call the Clearing team' });
    expect(within(call).getByText('If you have any questions, call our Clearing team on 020 7040 8716 and quote your reference 31004211.')).toBeInTheDocument();
    expect(within(call).getByRole('link', { name: '020 7040 8716' })).toHaveAttribute('href', 'tel:02070408716');
    expect(screen.getByText('This page works until 23:59 on Tuesday 31 March 2026, when this Clearing cycle ends.')).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Your application details' });
    expect(within(details).getByText('Offered')).toBeInTheDocument();
    expect(within(details).getByText('amara.okafor@example.com')).toBeInTheDocument();
    expect(document.title).toBe('Good News! - Your application - Clearing Desk');
  });

  it('a rejection: the reasons and the recommended courses, linked to their apply pages', async () => {
    setApplyResponse({
      confirmed_status: 'X',
      rejection_reasons: [{ MESSAGE: 'Effective UCAS points 64 are below the accepted tariff of 96.' }],
      recommended_courses: RECOMMENDED,
    });
    await openStatusPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Unfortunately, you do not meet the requirements for this course' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    const reasons = screen.getByRole('region', { name: 'Why we cannot offer you a place' });
    expect(within(reasons).getByText('Effective UCAS points 64 are below the accepted tariff of 96.')).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'Courses you could apply for instead' });
    expect(within(others).getByRole('link', { name: 'Data Science BSc (Hons) (G413)' })).toHaveAttribute('href', '/apply/G413');
    expect(within(others).getByRole('link', { name: 'Mathematics BSc (Hons) (G10F)' })).toHaveAttribute('href', '/apply/G100');
  });

  it("gives the build's Clearing team number when the course has none", async () => {
    setApplyResponse({ confirmed_status: 'S' });
    await openStatusPage(createCourse({ FEEDBACK_TELEPHONE: null }));
    expect(screen.getByRole('heading', { level: 1, name: 'We have received your application' })).toBeInTheDocument();
    expect(screen.getByText('Our Clearing team will call you to talk about your application.', { selector: 'section p' })).toBeInTheDocument();
    expect(screen.getByText('If you have any questions, call our Clearing team on 020 7040 4000 and quote your reference 31004211.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Call the Clearing team' })).getByRole('link', { name: '020 7040 4000' })).toBeInTheDocument();
  });

  it('stays reachable when Clearing is closed: the link in the emails works until the cycle ends', async () => {
    setClearingStatus({ state: 0, closing_message: 'Clearing has closed for 2025/26.' });
    setApplyResponse({ confirmed_status: 'O' });
    await openStatusPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
    expect(screen.queryByText('Clearing has closed for 2025/26.')).not.toBeInTheDocument();
  });

  it('says why when the link has stopped working (410), and when it is unknown (404)', async () => {
    setApplyResponse({ confirmed_status: 'O' });
    db.statusPageExpired = true;
    await openStatusPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your application' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This link no longer works: the 2025/26 Clearing cycle has ended. If you have a question about your application, contact our admissions team.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('amara.okafor@example.com')).not.toBeInTheDocument();
  });

  it('says so when the hash is unknown', async () => {
    renderApp('/review/nope');
    expect(await screen.findByText('We could not find this application. Check the link you were sent.')).toBeInTheDocument();
  });
});

describe('DeadlineCountdown', () => {
  afterEach(() => jest.useRealTimers());

  it('counts down in whole minutes, changing once a minute (never every second), until the deadline passes', () => {
    jest.useFakeTimers();
    const deadline = new Date('2025-08-18T22:59:00.000Z');
    let now = new Date('2025-08-16T20:57:30.000Z').getTime();
    jest.setSystemTime(now);
    const clock = () => now;
    render(<DeadlineCountdown deadline={deadline} now={clock} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('Time left: 2 days, 2 hours and 1 minute');
    // One timer, set for the next change of the minute: no ticking every second.
    expect(jest.getTimerCount()).toBe(1);

    // 29 seconds on: still the same minute, nothing re-announced or re-rendered.
    act(() => {
      now += 29_000;
      jest.advanceTimersByTime(29_000);
    });
    expect(timer).toHaveTextContent('Time left: 2 days, 2 hours and 1 minute');
    // Past the minute: one change.
    act(() => {
      now += 2_000;
      jest.advanceTimersByTime(2_000);
    });
    expect(timer).toHaveTextContent('Time left: 2 days, 2 hours and 0 minutes');
    act(() => {
      now = deadline.getTime() - 30_000;
      jest.advanceTimersByTime(60_000);
    });
    expect(timer).toHaveTextContent('Time left: 0 hours and 0 minutes');
    act(() => {
      now = deadline.getTime() + 1;
      jest.advanceTimersByTime(60_000);
    });
    expect(timer).toHaveTextContent(/^The deadline has passed\.$/);
    expect(jest.getTimerCount()).toBe(0);
  });
});
