import type { ApplicationStatus } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createAssessment } from '@/testing/mocks/applications';
import { DeskLayout, FeedbackPanel, type FeedbackPanelProps } from '..';

const course = createCourse({ SCHOOL: 'BUS', SCHOOL_NAME: 'Business School', COURSE_TITLE: 'Accounting', EXTENSION_NO: '8000', ALLOW_SECOND_YEAR_ENTRY: true });
const form = { NAME1: 'Ann', NAME2: 'Smith', NATIONALITY: 'GBR', SECOND_YEAR_ENTRY: '0', APPLIED_TO_UCAS: '1', UCAS_PERSONAL_ID: '1234567890' };

const props = (overrides: Partial<FeedbackPanelProps> = {}): FeedbackPanelProps => ({
  assessment: createAssessment({ UCAS_POINTS_TOTAL: 120, UCAS_POINTS_EFFECTIVE: 104, TRAFFIC_LIGHT: 'A' }),
  form,
  course,
  access: 'Back Office',
  status: 'O',
  log: [],
  applicationId: 'A-77',
  cycle: '2025/26',
  ...overrides,
});

const outcome = () => screen.getByRole('region', { name: 'What to say' });
const row = (key: string) => screen.getByText(key, { selector: 'dt' }).parentElement as HTMLElement;

describe('FeedbackPanel', () => {
  it("lists the course's subject requirements and prior entry in plain words", () => {
    const requiring = createCourse({
      SUBJECT_REQUIREMENTS: [{ subjects: ['Mathematics'], count: 1, minimumGrade: { ALEVEL: 'B' } }],
      assessmentInfo: { ...course.assessmentInfo, priorEntry: 'A first degree at 2:2 or above in any subject is required.' },
    });
    render(<FeedbackPanel {...props({ course: requiring })} />);
    const heading = screen.getByRole('heading', { level: 3, name: 'Subject requirements' });
    const list = heading.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A first degree at 2:2 or above in any subject is required.', 'A Level Mathematics at grade B or above is required.']);
  });

  it('shows no subject requirements heading for a course without any', () => {
    render(<FeedbackPanel {...props()} />);
    expect(screen.queryByRole('heading', { name: 'Subject requirements' })).not.toBeInTheDocument();
  });

  it('shows the points coloured by the tariffs, the overall light and the explanations', () => {
    render(
      <FeedbackPanel
        {...props({
          assessment: createAssessment({
            UCAS_POINTS_TOTAL: 130,
            UCAS_POINTS_EFFECTIVE: 104,
            TRAFFIC_LIGHT: 'R',
            EXPLANATION: [{ STATUS: 'R', MESSAGE: 'No GCSE Mathematics at grade 4/C or above.' }],
          }),
        })}
      />,
    );
    // Tariffs: advertised 128, accepted 112 (createCourse).
    expect(within(row('Total UCAS Points')).getByText('Green')).toBeInTheDocument();
    expect(row('Total UCAS Points')).toHaveTextContent('130');
    expect(within(row('Effective UCAS Points')).getByText('Red')).toBeInTheDocument();
    expect(within(row('Overall Traffic Light')).getByText('Red')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Explanation' })).toBeInTheDocument();
    expect(screen.getByText('No GCSE Mathematics at grade 4/C or above.')).toBeInTheDocument();
  });

  it('shows the course IB requirement beside the points where the course states one, and none where it does not', () => {
    const { unmount } = render(<FeedbackPanel {...props({ course: createCourse({ IB_ADVERTISED: 30, IB_ACCEPTED: 28 }) })} />);
    expect(row('IB Diploma requirement')).toHaveTextContent('30 points advertised, 28 accepted');
    unmount();
    render(<FeedbackPanel {...props({ course: createCourse({ IB_ADVERTISED: null, IB_ACCEPTED: null }) })} />);
    expect(screen.queryByText('IB Diploma requirement')).not.toBeInTheDocument();
  });

  it("shows 'n/a' for every figure before an assessment exists", () => {
    render(<FeedbackPanel {...props({ assessment: null })} />);
    expect(row('Total UCAS Points')).toHaveTextContent('n/a');
    expect(row('Effective UCAS Points')).toHaveTextContent('n/a');
    expect(row('Overall Traffic Light')).toHaveTextContent('n/a');
  });

  it('numbers the history log and shows the outbound call button it is given', () => {
    render(
      <FeedbackPanel
        {...props({
          outboundCall: <button type="button">Outbound Call</button>,
          log: [
            { TIME: '2025-08-14T09:00:00Z', USER: 'adviser1', MESSAGE: 'Created', STATUS: 'S' },
            { TIME: '2025-08-14T09:05:00Z', USER: 'backoffice1', MESSAGE: 'Status changed', STATUS: 'O' },
          ],
        })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Outbound Call' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '14/08/2025, 10:00:00 adviser1: Created (Submitted)',
      '14/08/2025, 10:05:00 backoffice1: Status changed (Offered)',
    ]);
  });

  it('shows the Script heading, version, intake year, greeting and the offer script with extension 7969', () => {
    render(<FeedbackPanel {...props()} />);
    expect(screen.getByRole('heading', { name: 'Script' })).toBeInTheDocument();
    expect(screen.getByText('Clearing 2025/26 · Script version 2023.0.3')).toBeInTheDocument();
    expect(screen.getByText('Hello Ann Smith. You are applying for course Accounting')).toBeInTheDocument();
    expect(screen.getByText('The course starts on 28 September 2026.')).toBeInTheDocument();
    expect(outcome()).toHaveAttribute('data-variant', 'OFFER');
    expect(within(outcome()).getByText('Adviser: transfer the caller to extension 7969.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it('shows a hostile name as text, never as markup', () => {
    const { container } = render(<FeedbackPanel {...props({ form: { ...form, NAME1: '<img src=x onerror="alert(1)">', NAME2: '<b>Bo</b>' } })} />);
    expect(screen.getByText('Hello <img src=x onerror="alert(1)"> <b>Bo</b>. You are applying for course Accounting')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('adds the under-18 wording and note with the hotline and the application id', () => {
    render(<FeedbackPanel {...props({ status: 'R', assessment: createAssessment({ OVER18: 0 }) })} />);
    expect(
      screen.getByText(
        'Hello Ann Smith. You are applying for course Accounting and you have indicated that you will be under the age of 18 on the courses start date',
      ),
    ).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(
      within(notes).getByText(
        'If you need an answer quickly, call our priority hotline (020 7040 8716) before 18:00 today and quote your application id A-77.',
      ),
    ).toBeInTheDocument();
    expect(within(notes).getByText('Adviser: add the under-18 referral note and transfer to extension 0421.')).toBeInTheDocument();
    // One story: the outcome is the referral the under-18 note describes.
    expect(outcome()).toHaveAttribute('data-variant', 'OFFER_CALLBACK');
  });

  it('adds the second-year wording and the transfer where the course allows it', () => {
    render(<FeedbackPanel {...props({ status: 'R', form: { ...form, SECOND_YEAR_ENTRY: '1' } })} />);
    expect(screen.getByText('Hello Ann Smith. You are applying for course Accounting but want to start in the Second Year')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Notes' })).getByText('I will transfer you now to extension 8000, who deal with Second Year entry.'),
    ).toBeInTheDocument();
  });

  it('always carries the guidance for a caller who wants only Year 2 where the course has no second-year entry (domain.md)', () => {
    const { rerender } = render(<FeedbackPanel {...props({ status: null, course: { ...course, ALLOW_SECOND_YEAR_ENTRY: false } })} />);
    const notes = () => screen.getByRole('region', { name: 'Notes' });
    expect(
      within(notes()).getByText(
        'Adviser: if the caller wants only the Second Year, end the call politely: "I am sorry we cannot help you with this course; thank you for calling."',
      ),
    ).toBeInTheDocument();
    rerender(<FeedbackPanel {...props({ status: null, course: { ...course, SCHOOL: 'SCI', ALLOW_SECOND_YEAR_ENTRY: false } })} />);
    expect(within(notes()).getByText('Adviser: if the caller wants only the Second Year, call a supervisor before going any further.')).toBeInTheDocument();
  });

  it("shows the reference the caller quotes, and gives the Clearing team's number where the course has no telephone", () => {
    render(
      <FeedbackPanel
        {...props({ status: 'R', reference: '8301X7', assessment: createAssessment({ OVER18: 0 }), course: { ...course, FEEDBACK_TELEPHONE: null } })}
      />,
    );
    expect(screen.getByText('Reference:').parentElement).toHaveTextContent('Reference: 8301X7');
    expect(
      within(screen.getByRole('region', { name: 'Notes' })).getByText(
        'If you need an answer quickly, call our priority hotline (020 7040 4000) before 18:00 today and quote your application id A-77.',
      ),
    ).toBeInTheDocument();
    expect(within(outcome()).getByText('Your reference number is 8301X7; please quote it whenever you contact us about this application.')).toBeInTheDocument();
  });

  it('gives a non-EEA offer the visa compliance transfer and asks for a status when none is chosen', () => {
    const { rerender } = render(<FeedbackPanel {...props({ form: { ...form, NATIONALITY: 'IND', APPLIED_TO_UCAS: '0' } })} />);
    expect(outcome()).toHaveAttribute('data-variant', 'OFFER_NONEEA');
    expect(within(outcome()).getByText('If the transfer fails, the visa team will call you back.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You have not applied through UCAS this year, so you do not have a UCAS Personal ID. We will still take your details now, but you may be asked to complete an application form later.',
      ),
    ).toBeInTheDocument();
    rerender(<FeedbackPanel {...props({ status: null })} />);
    expect(within(outcome()).getByText('Choose a status to see its script.')).toBeInTheDocument();
  });

  it("reads the live form's values as they are: groups ignored, non-strings and blanks count as not given", () => {
    render(
      <FeedbackPanel
        {...props({ form: { NAME1: 42, NAME2: '  ', QUALIFICATIONS: [{ QUALIFICATION: 'ALEVEL' }], NATIONALITY: 'FRA', VISA_TYPE: 'settled' } })}
      />,
    );
    expect(screen.getByText('Hello. You are applying for course Accounting')).toBeInTheDocument();
    expect(outcome()).toHaveAttribute('data-variant', 'OFFER');
    // APPLIED_TO_UCAS not answered yet: no note saying the caller has no UCAS Personal ID.
    expect(screen.queryByText(/do not have a UCAS Personal ID/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\[|undefined/);
  });

  it('renders nothing for the public', () => {
    const { container } = render(<FeedbackPanel {...props({ access: null })} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('follows the chosen button live', async () => {
    function Harness() {
      const [status, setStatus] = useState<ApplicationStatus | null>(null);
      return (
        <DeskLayout
          form={
            <>
              <button type="button" onClick={() => setStatus('P')}>
                Pool
              </button>
              <button type="button" onClick={() => setStatus('X')}>
                Reject
              </button>
            </>
          }
          panel={
            <FeedbackPanel
              {...props({
                status,
                assessment: createAssessment({
                  TRAFFIC_LIGHT: 'R',
                  ALTERNATE: [{ COURSE: 'N400', SCHOOL: 'BUS', SCHOOL_NAME: 'Business School', EXTENSION: '4321', TITLE: 'Business' }],
                }),
              })}
            />
          }
        />
      );
    }
    render(<Harness />);
    const user = userEvent.setup();
    expect(screen.getByRole('complementary', { name: 'Feedback and call script' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pool' }));
    expect(within(outcome()).getByText('If you have not heard from us within 24 hours, please presume that you have been unsuccessful.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(outcome()).toHaveAttribute('data-variant', 'REJECT');
    expect(
      within(outcome()).getByText(
        'We may be able to offer you Business (N400) in Business School instead. Adviser: transfer the caller to the department on extension 4321.',
      ),
    ).toBeInTheDocument();
    expect(within(outcome()).queryByText(/7982/)).not.toBeInTheDocument();
  });
});
