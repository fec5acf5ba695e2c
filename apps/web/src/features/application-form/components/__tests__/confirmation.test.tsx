import { CONFIRMATION_TEXTS } from '@clearing-desk/contracts';
import { createApplicationForm, createCourse } from '@clearing-desk/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { completeForm, submitAndConfirm } from '@/testing/application-form';
import { seedCourses, setApplyResponse } from '@/testing/mocks/db';
import { storeApplication } from '@/testing/mocks/handlers/applications';
import { callbackFake, resetCallbacks } from '@/testing/mocks/handlers/callbacks';
import { createFormValues, toSubmission } from '../../utils/form-values';
import { renderApp } from '@/testing/test-utils';

const RECOMMENDED = [
  { UCAS_CODE: 'G413', COURSE_TITLE: 'Data Science', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: null },
  { UCAS_CODE: 'G100', COURSE_TITLE: 'Mathematics', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: 'G10F' },
];

async function submitted() {
  const rendered = renderApp('/apply/G400/personal-details');
  await completeForm(rendered.user);
  await submitAndConfirm(rendered.user);
  await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/apply/G400/confirmation'));
  return rendered;
}

describe('confirmation page by confirmed_status', () => {
  it("O: 'Good News!' with the offer and the reference (depart number + id[3])", async () => {
    setApplyResponse({ confirmed_status: 'O', id: ['S1', 'G400', 'A1', '004217'], depart_number: '31', hash: 'h-offer' });
    await submitted();
    expect(await screen.findByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
    expect(screen.getByText('31004217', { selector: '.cd-panel__reference' })).toBeInTheDocument();
    expect(screen.getByText('We are pleased to offer you a place on Computer Science BSc (Hons).')).toBeInTheDocument();
    expect(screen.getByText(/within two working days/, { selector: 'p' })).toBeInTheDocument();
    // domain.md: the offer names the UCAS Hub (UCAS Track was retired).
    expect(screen.getByText(/UCAS Hub/, { selector: 'p' })).toBeInTheDocument();
    // The facts the offer email names: the deadline and the codes to enter in UCAS Hub.
    expect(screen.getByText('23:59 on Monday 18 August 2025', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Z99', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('G400', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText(/UCAS Track/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your application' })).toHaveAttribute('href', '/review/h-offer');
    await waitFor(() => expect(document.title).toBe('Good News! - Computer Science BSc (Hons) - Clearing Desk'));
  });

  it('S with a Clearing team number: asks to call it, with the reference and the recommended courses', async () => {
    setApplyResponse({ confirmed_status: 'S', id: ['S1', 'G400', 'A1', '000099'], recommended_courses: RECOMMENDED });
    await submitted();
    expect(await screen.findByRole('heading', { level: 1, name: 'Please call our Clearing team' })).toBeInTheDocument();
    expect(screen.getByText(/please call the Clearing team on 020 7040 8716 and quote your reference number 31000099\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '020 7040 8716' })).toHaveAttribute('href', 'tel:02070408716');
    const recommended = screen.getByRole('region', { name: 'Other courses you could apply for' });
    expect(within(recommended).getByRole('link', { name: 'Data Science BSc (Hons) (G413)' })).toHaveAttribute('href', '/apply/G413');
    expect(within(recommended).getByRole('link', { name: 'Mathematics BSc (Hons) (G10F)' })).toHaveAttribute('href', '/apply/G100');
  });

  it('R without a telephone number: a submitted message with the reference', async () => {
    seedCourses([createCourse({ FEEDBACK_TELEPHONE: null })]);
    setApplyResponse({ confirmed_status: 'R', id: ['S1', 'G400', 'A1', '000100'] });
    await submitted();
    expect(await screen.findByRole('heading', { level: 1, name: 'Application submitted' })).toBeInTheDocument();
    expect(screen.getByText(/Your reference number is 31000100\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Other courses you could apply for' })).not.toBeInTheDocument();
  });

  it('X: the rejection heading with the reasons and the recommended courses', async () => {
    setApplyResponse({
      confirmed_status: 'X',
      rejection_reasons: [{ MESSAGE: 'Effective UCAS points 96 are below the accepted tariff of 112.' }],
      recommended_courses: RECOMMENDED,
    });
    await submitted();
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRMATION_TEXTS.REJECTED_HEADING })).toBeInTheDocument();
    expect(screen.getByText('Effective UCAS points 96 are below the accepted tariff of 112.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Data Science BSc (Hons) (G413)' })).toHaveAttribute('href', '/apply/G413');
  });

  it('any other status: the application details', async () => {
    setApplyResponse({ confirmed_status: 'P' });
    await submitted();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeInTheDocument();
    expect(screen.getByText('Okafor')).toBeInTheDocument();
    expect(screen.getByText('Mathematics, A*, 2025', { exact: false })).toBeInTheDocument();
  });

  it("offers 'Ask us to call you' for the application just made: a time booked here is the status page's booking", async () => {
    resetCallbacks();
    setApplyResponse({ confirmed_status: 'S', hash: 'h-call' });
    const { user, router } = await submitted();
    expect(await screen.findByRole('heading', { level: 1, name: 'Please call our Clearing team' })).toBeInTheDocument();
    // The booking is a lazy chunk of its own (kept out of /apply's first load).
    const section = await screen.findByRole('region', { name: 'Ask us to call you' });
    const monday = await within(section).findByRole('group', { name: 'Monday 17 August' });
    await user.click(within(monday).getByRole('radio', { name: '10:15 to 10:30' }));
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));
    expect(await within(section).findByText('We will call you on Monday 17 August between 10:15 and 10:30')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { level: 2, name: 'Ask us to call you' })).toHaveFocus();
    expect(callbackFake.bookings.get('h-call')).toEqual({ START: '2026-08-17T09:15:00.000Z', END: '2026-08-17T09:30:00.000Z' });

    await user.click(screen.getByRole('link', { name: 'View your application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review/h-call'));
    // The status page is a lazy route: the confirmation stays until it has rendered.
    await screen.findByRole('region', { name: 'Your application details' });
    const onStatusPage = await screen.findByRole('region', { name: 'Ask us to call you' });
    expect(await within(onStatusPage).findByText('We will call you on Monday 17 August between 10:15 and 10:30')).toBeInTheDocument();
  });

  it('links to the review page by hash (the status page)', async () => {
    const { user, router } = await submitted();
    // The confirmation page is a lazy route: the path changes before its chunk has rendered.
    await user.click(await screen.findByRole('link', { name: 'View your application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review/hash-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
    expect(within(await screen.findByRole('region', { name: 'Your application details' })).getByText('Offered')).toBeInTheDocument();
  });

  it('shows the review page on its own (a reload): status, details and qualifications read back', async () => {
    const course = createCourse();
    storeApplication(course, toSubmission(createFormValues(course, createApplicationForm()), '0b7c2b1e-9d3a-4c5b-8e6f-0a1b2c3d4e5f'));
    renderApp('/review/hash-1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your application details' })).toBeInTheDocument();
    expect(screen.getByText('Computer Science BSc (Hons)', { selector: '.cd-caption-l' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your application details' })).getByText('Offered')).toBeInTheDocument();
    expect(screen.getByText('14 August 2025')).toBeInTheDocument();
    expect(screen.getByText('amara.okafor@example.com')).toBeInTheDocument();
    expect(screen.getByText('1234567890')).toBeInTheDocument();
    const gcses = screen.getByRole('heading', { name: 'GCSE qualifications', level: 3 }).nextElementSibling as HTMLElement;
    expect(
      within(gcses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['GCSE: English Language, 5, 2023', 'GCSE: Mathematics, 5, 2023']);
  });

  it('says so when the review hash is unknown', async () => {
    renderApp('/review/nope');
    expect(await screen.findByText('We could not find this application. Check the link you were sent.')).toBeInTheDocument();
  });

  it('sends the confirmation URL without a submission in this tab back to the course page', async () => {
    window.sessionStorage.clear();
    const { router } = renderApp('/apply/G400/confirmation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/G400'));
  });

  it('shows the status page on a reload of the confirmation: the same decision, with its facts', async () => {
    setApplyResponse({ confirmed_status: 'O', hash: 'h-reload' });
    const first = await submitted();
    await screen.findByRole('heading', { level: 1, name: 'Good News!' });
    first.unmount();
    // A reload: the form's state is gone, the tab's storage is not.
    const { router } = renderApp('/apply/G400/confirmation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/review/h-reload'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
    expect(screen.getByText('23:59 on Monday 18 August 2025', { selector: 'dd' })).toBeInTheDocument();
  });
});
