import { CONFIRMATION_TEXTS } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { completeForm, fill, fillPersonalDetails, submitAndConfirm } from '@/testing/application-form';
import { seedCourses, setApplyResponse } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const tabs = () => screen.getByRole('navigation', { name: 'Application steps' });
const tab = (name: string) => within(tabs()).getByRole('link', { name });

describe('/apply/:ucasCode application steps', () => {
  it('opens step 1 from Start application and moves with the tabs, keeping the answers', async () => {
    const { router, user } = renderApp('/apply/G400');
    await user.click(await screen.findByRole('link', { name: /^Start application/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/G400/personal-details');
    expect(tab('Step 1 Personal details')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Step 1: Personal details - Computer Science BSc (Hons) - Clearing Desk');
    await fill(user, screen.getByLabelText('Given name'), 'Amara');

    await user.click(tab('Step 2 Qualifications'));
    const step2 = await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    expect(step2).toHaveFocus();
    expect(tab('Step 2 Qualifications')).toHaveAttribute('aria-current', 'page');

    await user.click(tab('Step 3 Submit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 3: Submit' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Computer Science BSc (Hons)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/G400');
    // The form came with its first step and stays around the information page: the answers too.
    await user.click(screen.getByRole('link', { name: /^Start application/ }));
    expect(await screen.findByLabelText('Given name')).toHaveValue('Amara');
  });

  it('moves on with Next only when the step has no errors', async () => {
    const { router, user } = renderApp('/apply/G400/personal-details');
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/apply/G400/personal-details');

    await fillPersonalDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    expect(router.state.location.pathname).toBe('/apply/G400/qualifications');
    // The next step opens without errors (domain.md: nobody has touched its fields), focus on its heading.
    expect(screen.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toHaveFocus();
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).not.toBeInTheDocument();
    expect(screen.queryByText("'Qualifications' must have at least 1 item(s).")).not.toBeInTheDocument();
    // Its own Next lists them, and the summary has focus.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: "'Qualifications' must have at least 1 item(s)." })).toHaveAttribute('href', '#QUALIFICATIONS');
  });

  it('fetches the course once for the information page and every step', async () => {
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/courses/G400') calls += 1;
    });
    const { user } = renderApp('/apply/G400');
    await user.click(await screen.findByRole('link', { name: /^Start application/ }));
    await user.click(await screen.findByRole('link', { name: 'Step 2 Qualifications' }));
    await user.click(await screen.findByRole('link', { name: 'Step 3 Submit' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 3: Submit' });
    expect(calls).toBe(1);
  });

  it('lands on the field named in the URL hash', async () => {
    const { router, user } = renderApp('/apply/G400/submit');
    await screen.findByRole('heading', { level: 1, name: 'Step 3: Submit' });
    await user.click(screen.getByRole('link', { name: "'Email address' is required." }));
    await waitFor(() => expect(router.state.location.hash).toBe('#EMAIL'));
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });

  it('shows the 404 page for an unknown step', async () => {
    renderApp('/apply/G400/somewhere');
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Not Found' })).toBeInTheDocument();
  });
});

describe('leaving the application', () => {
  it('asks before leaving with unsaved changes, and stays or leaves as answered', async () => {
    const { router, user } = renderApp('/apply/G400/personal-details');
    await fill(user, await screen.findByLabelText('Given name'), 'Amara');

    const home = screen.getByRole('link', { name: 'Clearing Desk' });
    await user.click(home);
    const dialog = await screen.findByRole('dialog', { name: CONFIRMATION_TEXTS.LEAVE_PAGE });
    expect(dialog).toHaveTextContent('Are you sure you want to leave this application?');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/G400/personal-details');
    expect(home).toHaveFocus();

    await user.click(home);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave this application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply'));
  });

  it('asks on the course information page too, once the form has answers', async () => {
    const { router, user } = renderApp('/apply/G400/personal-details');
    await fill(user, await screen.findByLabelText('Given name'), 'Amara');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 1, name: 'Computer Science BSc (Hons)' });

    await user.click(screen.getByRole('link', { name: 'Clearing Desk' }));
    expect(await screen.findByRole('dialog', { name: CONFIRMATION_TEXTS.LEAVE_PAGE })).toHaveTextContent('Are you sure you want to leave this application?');
    expect(router.state.location.pathname).toBe('/apply/G400');
  });

  it('asks nothing without changes, or when moving between the steps', async () => {
    const { router, user } = renderApp('/apply/G400/personal-details');
    await fill(user, await screen.findByLabelText('Given name'), 'Amara');
    await user.click(tab('Step 2 Qualifications'));
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(tab('Step 1 Personal details'));
    await fill(user, await screen.findByLabelText('Given name'), '');
    await user.click(screen.getByRole('link', { name: 'Clearing Desk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply'));
  });

  it('warns on closing the tab while there are unsaved changes', async () => {
    const { user } = renderApp('/apply/G400/personal-details');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByLabelText('Given name');
    expect(unload()).toBe(false);
    await fill(user, screen.getByLabelText('Given name'), 'Amara');
    expect(unload()).toBe(true);
  });

  it('starts a new form when the course code in the URL changes', async () => {
    seedCourses([createCourse(), createCourse({ UCAS_CODE: 'G100', COURSE_TITLE: 'Mathematics' })]);
    const { router, user } = renderApp('/apply/G400/personal-details');
    await screen.findByLabelText('Given name');
    // Validate-all is form state too (and no value changed, so nothing asks before leaving).
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toBeInTheDocument();
    await act(() => router.navigate('/apply/G100/personal-details'));
    expect(await screen.findByText('Mathematics BSc (Hons)')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).not.toBeInTheDocument();
  });

  it('opens a recommended course with a new, empty form', async () => {
    seedCourses([createCourse(), createCourse({ UCAS_CODE: 'G100', COURSE_TITLE: 'Mathematics' })]);
    setApplyResponse({
      confirmed_status: 'X',
      recommended_courses: [{ UCAS_CODE: 'G100', COURSE_TITLE: 'Mathematics', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: null }],
    });
    const { router, user } = renderApp('/apply/G400/personal-details');
    await completeForm(user);
    await submitAndConfirm(user);
    await user.click(await screen.findByRole('link', { name: 'Mathematics BSc (Hons) (G100)' }));
    await user.click(await screen.findByRole('link', { name: /^Start application/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/G100/personal-details'));
    expect(await screen.findByLabelText('Given name')).toHaveValue('');
  });

  it('asks nothing after a successful submission, and the steps then lead to the confirmation', async () => {
    const { router, user } = renderApp('/apply/G400/personal-details');
    await completeForm(user);
    await submitAndConfirm(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/G400/confirmation');

    await act(() => router.navigate('/apply/G400/qualifications'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/G400/confirmation'));
    await user.click(screen.getByRole('link', { name: 'Search for other courses in Clearing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
