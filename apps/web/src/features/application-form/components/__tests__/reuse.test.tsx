import { buildQualOption } from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAssessment } from '@/testing/mocks/applications';
import { setAssessment } from '@/testing/mocks/db';
import { createTestQueryClient } from '@/testing/test-utils';
import { findStep } from '../../steps';
import { ApplicationFormProvider } from '../application-form-provider';
import { ApplicationFormStep } from '../application-form-step';
import { useFormAssessment } from '../../hooks/use-form-assessment';

/** A slot reading the form's live assessment, as the staff screens' feedback panel does. */
function LiveFeedback() {
  const { assessment } = useFormAssessment();
  return (
    <section aria-label="Feedback">
      <p>Total UCAS Points: {assessment?.UCAS_POINTS_TOTAL ?? 'n/a'}</p>
      <p>Overall Traffic Light: {assessment?.TRAFFIC_LIGHT ?? 'n/a'}</p>
      {assessment?.EXPLANATION.map((e) => (
        <p key={e.MESSAGE}>{e.MESSAGE}</p>
      ))}
    </section>
  );
}

/**
 * A staff-like screen mounting the whole form: its own routes, starting values, the adviser
 * audience, its own submit function and slots (student search, scripts, feedback).
 */
function StaffScreen({ detail, submit }: { detail: ReturnType<typeof createCourseDetail>; submit: jest.Mock }) {
  const { step = 'personal-details' } = useParams();
  return (
    <ApplicationFormProvider
      key={detail.courseData.UCAS_CODE}
      course={detail}
      initialValues={createApplicationForm()}
      audience="staff"
      submitApplication={submit}
    >
      <ApplicationFormStep
        step={findStep(step)!}
        courseName="Computer Science BSc (Hons)"
        getStepHref={(id, fieldId) => `/staff/S1/G400/${id}${fieldId ? `#${fieldId}` : ''}`}
        backHref="/staff"
        slots={{
          beforeSteps: <p>Student search goes here</p>,
          top: (id) => <p>Script for {id}</p>,
          beforeSubmit: <LiveFeedback />,
        }}
      />
    </ApplicationFormProvider>
  );
}

function renderStaffScreen(detail = createCourseDetail(), url = '/staff/S1/G400/submit') {
  const submit = jest.fn();
  const router = createMemoryRouter([{ path: '/staff/:student/:course/:step', element: <StaffScreen detail={detail} submit={submit} /> }], {
    initialEntries: [url],
  });
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { submit, router, user: userEvent.setup() };
}

describe('the form mounted whole by another screen', () => {
  it('starts from given values, renders the slots, and a slot reads the live assessment', async () => {
    setAssessment(
      createAssessment({
        UCAS_POINTS_TOTAL: 120,
        UCAS_POINTS_EFFECTIVE: 120,
        TRAFFIC_LIGHT: 'A',
        EXPLANATION: [{ STATUS: 'A', MESSAGE: 'Effective UCAS points 120 are below the advertised tariff of 128 but meet the accepted tariff of 112.' }],
      }),
    );
    renderStaffScreen();
    expect(screen.getByText('Student search goes here')).toBeInTheDocument();
    expect(screen.getByText('Script for submit')).toBeInTheDocument();
    expect(screen.queryByText('Some fields are incomplete.')).not.toBeInTheDocument();

    const feedback = screen.getByRole('region', { name: 'Feedback' });
    await waitFor(() => expect(within(feedback).getByText('Total UCAS Points: 120')).toBeInTheDocument());
    expect(within(feedback).getByText('Overall Traffic Light: A')).toBeInTheDocument();
    expect(within(feedback).getByText(/below the advertised tariff of 128/)).toBeInTheDocument();
  });

  it('sends through the screen’s own submit function', async () => {
    const { submit, user } = renderStaffScreen();
    submit.mockResolvedValue({});
    const button = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0][0]).toMatchObject({ NAME1: 'Amara', STATUS: 'S' });
  });

  it('shows the adviser checklist on the qualifications step', async () => {
    renderStaffScreen(createCourseDetail(), '/staff/S1/G400/qualifications');
    expect(screen.getByText('Qualifications must be exact because Admissions staff check them.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Qualification 1: A Level' })).toBeInTheDocument();
  });

  it('warns from the course data when the course has no vacancies or is suspended', async () => {
    const detail = { ...createCourseDetail({ VACANCIES_EXTERNAL: 0, SUSPENDED: true }), qualOptions: [buildQualOption('ALEVEL'), buildQualOption('GCSE')] };
    renderStaffScreen(detail);
    expect(
      screen.getByText('Unfortunately this course is now closed to any further applications. Please check our list of open courses for alternative options.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Unfortunately this course is currently suspended. Please check back later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('forces first-year entry for given values on a course without second-year entry', async () => {
    const submit = jest.fn();
    const router = createMemoryRouter(
      [
        {
          path: '/x/:step',
          element: (
            <ApplicationFormProvider course={createCourseDetail()} initialValues={createApplicationForm({ SECOND_YEAR_ENTRY: '1' })} submitApplication={submit}>
              <ApplicationFormStep step={findStep('qualifications')!} courseName="C" getStepHref={(id) => `/x/${id}`} backHref="/x" />
            </ApplicationFormProvider>
          ),
        },
      ],
      { initialEntries: ['/x/qualifications'] },
    );
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(screen.getByLabelText('Which year of the course do you want to start in?')).toHaveValue('0');
  });
});
