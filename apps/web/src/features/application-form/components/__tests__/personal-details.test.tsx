import { API_ROUTES, APPLY_MESSAGES, COUNTRY_OPTIONS } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fill, fillPersonalDetails, recordRequests } from '@/testing/application-form';
import { apiUrl } from '@/testing/mocks/api-url';
import { db } from '@/testing/mocks/db';
import { storeApplication } from '@/testing/mocks/handlers/applications';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';
import { createFormValues, toSubmission } from '../../utils/form-values';

const openStep1 = async () => {
  const rendered = renderApp('/apply/G400/personal-details');
  await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
  return rendered;
};
const question = (name: RegExp | string) => screen.getByRole('group', { name });

describe('personal details: fields and show/hide rules', () => {
  it('starts the yes/no questions unanswered, UniGo as the required ones, as GOV.UK radios in a fieldset', async () => {
    await openStep1();
    for (const legend of [
      'Have you applied to university through UCAS this year?',
      'Have you applied through UniGo?',
      'Have you studied at City, University of London before?',
      'Have you applied to City, University of London before?',
    ]) {
      const group = question(legend);
      expect(within(group).getByRole('radio', { name: 'No' })).not.toBeChecked();
      expect(within(group).getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    }
  });

  it('asks for the UCAS Personal ID only when the applicant applied to UCAS', async () => {
    const { user } = await openStep1();
    expect(screen.queryByLabelText(/UCAS Personal ID/)).not.toBeInTheDocument();
    await user.click(within(question(/applied to university through UCAS/)).getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText('UCAS Personal ID (optional)')).toBeInTheDocument();
    await user.click(within(question(/applied to university through UCAS/)).getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/UCAS Personal ID/)).not.toBeInTheDocument();
  });

  it('lists nationalities with the United Kingdom first and hides the visa type for GBR and IRL', async () => {
    const { user } = await openStep1();
    const nationality = screen.getByLabelText('Nationality') as HTMLSelectElement;
    expect(
      Array.from(nationality.options)
        .slice(0, 3)
        .map((o) => [o.value, o.text]),
    ).toEqual([
      ['', 'Select a nationality'],
      ['GBR', 'United Kingdom'],
      [COUNTRY_OPTIONS[1]!.value, COUNTRY_OPTIONS[1]!.label],
    ]);
    const visa = () => screen.queryByLabelText('What visa do you hold, or expect to hold? (optional)');
    expect(visa()).not.toBeInTheDocument();
    await user.selectOptions(nationality, 'FRA');
    expect(visa()).toBeInTheDocument();
    await user.selectOptions(visa()!, 't4gen');
    await user.selectOptions(nationality, 'IRL');
    expect(visa()).not.toBeInTheDocument();
    await user.selectOptions(nationality, 'GBR');
    expect(visa()).not.toBeInTheDocument();
  });

  it('sends nothing for fields that are hidden', () => {
    const values = {
      ...createFormValues(createCourse()),
      APPLIED_TO_UCAS: '0',
      UCAS_PERSONAL_ID: '1234567890',
      NATIONALITY: 'GBR',
      VISA_TYPE: 't4gen',
      SECOND_YEAR_ENTRY: '0',
    };
    const body = toSubmission(values, '4f7c2b1e-9d3a-4c5b-8e6f-0a1b2c3d4e5f', 'S');
    expect(body).toMatchObject({ UCAS_PERSONAL_ID: '', VISA_TYPE: '', STATUS: 'S', SUBMISSION_ID: '4f7c2b1e-9d3a-4c5b-8e6f-0a1b2c3d4e5f' });
  });
});

describe('personal details: errors', () => {
  it('shows a field error once the field has a value and was left, never on the first keystroke, with the exact message above the input', async () => {
    const { user } = await openStep1();
    const email = screen.getByLabelText('Email address');
    const message = "'Email address' must have have email format.";
    // Never on the first keystroke (domain.md): only once the field has been left.
    await user.click(email);
    await user.keyboard('a');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await fill(user, email, 'amara.example.com');
    const error = screen.getByText(message).closest('p') as HTMLElement;
    expect(error).toHaveTextContent(`Error: ${message}`);
    expect(within(error).getByText('Error:')).toHaveClass('cd-visually-hidden');
    expect(email).toHaveAttribute('aria-describedby', expect.stringContaining(error.id));
    expect(error.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Empty required fields stay quiet until validate-all.
    expect(screen.queryByText("'Given name' is required.")).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await fill(user, email, 'amara@example.com');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('uses the spec messages for the UCAS Personal ID, telephone and postcode', async () => {
    const { user } = await openStep1();
    await user.click(within(question(/applied to university through UCAS/)).getByRole('radio', { name: 'Yes' }));
    await fill(user, screen.getByLabelText('UCAS Personal ID (optional)'), '12345');
    await fill(user, screen.getByLabelText('Telephone number'), '12');
    await fill(user, screen.getByLabelText('Postcode (optional)'), 'EC1');
    expect(screen.getByText("'UCAS Personal ID' must be 10 numeric digits.")).toBeInTheDocument();
    expect(screen.getByText("'Telephone number' min length is 4.")).toBeInTheDocument();
    expect(screen.getByText("'Postcode' min length is 5.")).toBeInTheDocument();
  });

  it('keeps the date of birth as yyyy-mm-dd and checks it with the spec rules', async () => {
    const { user } = await openStep1();
    await fill(user, screen.getByLabelText('Day'), '31');
    expect(screen.getByText("'Date of birth' must have format: dd/mm/yyyy.")).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Month'), '2');
    await fill(user, screen.getByLabelText('Year'), '2006');
    expect(screen.getByText('Incorrect day 31: Day must be between 1 and 28.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Month'), '13');
    expect(screen.getByText('Incorrect month 13: Month must be between 1 and 12.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Month'), '5');
    await fill(user, screen.getByLabelText('Year'), '1899');
    expect(screen.getByText(`Invalid Date of Birth Year: 1899. Year must be between 1900 and ${new Date().getFullYear()}.`)).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Year'), '2006');
    expect(screen.queryByText(/Date of Birth|Incorrect|dd\/mm\/yyyy/)).not.toBeInTheDocument();
    // The boxes show what was typed ('5'); the value is 2006-05-31.
    expect(screen.getByLabelText('Month')).toHaveValue('5');
    expect(question('Date of birth')).toBeInTheDocument();
  });

  it('lists every error in the summary after Next, each linking to its field', async () => {
    const { user } = await openStep1();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ["'Given name' is required.", '#NAME1'],
      ["'Family name' is required.", '#NAME2'],
      ["'Email address' is required.", '#EMAIL'],
      ["'Date of birth' is required.", '#DOB-day'],
      ["'Telephone number' is required.", '#TEL1'],
      ["'Nationality' is required.", '#NATIONALITY'],
      ["'Applied to UCAS' is required.", '#APPLIED_TO_UCAS'],
      ["'Previously studied at City' is required.", '#PREVIOUSLY_STUDIED_AT_CITY'],
      ["'Previously applied to City' is required.", '#PREVIOUSLY_APPLIED_TO_CITY'],
    ]);
    // Validate-all: the inline messages show too.
    expect(screen.getAllByText("'Given name' is required.")).toHaveLength(2);

    await user.click(within(summary).getByRole('link', { name: "'Date of birth' is required." }));
    expect(screen.getByLabelText('Day')).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: "'Nationality' is required." }));
    expect(screen.getByLabelText('Nationality')).toHaveFocus();

    // Fixing a field takes its error out of the summary without moving focus.
    await fill(user, screen.getByLabelText('Given name'), 'Amara', { leave: false });
    expect(within(summary).queryByRole('link', { name: "'Given name' is required." })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveFocus();
  });
});

describe('personal details: duplicate check', () => {
  const seedApplied = () =>
    storeApplication(
      db.courses[0]!,
      toSubmission(
        createFormValues(createCourse(), { EMAIL: 'amara.okafor@example.com', APPLIED_TO_UCAS: '1', UCAS_PERSONAL_ID: '1234567890' }),
        '0b7c2b1e-9d3a-4c5b-8e6f-0a1b2c3d4e5f',
      ),
    );

  it('shows the duplicate banner when the email loses focus, and blocks submitting', async () => {
    seedApplied();
    const checks = recordRequests(server, 'GET', '/api/applications/G400/applied');
    const { user } = await openStep1();
    await fill(user, screen.getByLabelText('Email address'), 'Amara.Okafor@example.com');
    await user.tab();
    const banner = await screen.findByRole('alert', { name: 'You have already applied' });
    expect(banner).toHaveTextContent(APPLY_MESSAGES.DUPLICATE);
    expect(checks).toHaveLength(1);
    expect(checks[0]!.url.searchParams.get('email')).toBe('Amara.Okafor@example.com');
    expect(checks[0]!.url.searchParams.has('ucas_personal_id')).toBe(false);

    // Leaving the field again without a change makes no new call.
    await user.click(screen.getByLabelText('Email address'));
    await user.tab();
    expect(checks).toHaveLength(1);

    await fillPersonalDetails(user, { EMAIL: 'amara.okafor@example.com' });
    await user.click(within(screen.getByRole('navigation', { name: 'Application steps' })).getByRole('link', { name: 'Step 3 Submit' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 3: Submit' });
    expect(screen.getByRole('alert', { name: 'You have already applied' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('checks the UCAS Personal ID when it loses focus, and again when Applied to UCAS changes', async () => {
    seedApplied();
    const checks = recordRequests(server, 'GET', '/api/applications/G400/applied');
    const { user } = await openStep1();
    const applied = () => question(/applied to university through UCAS/);
    await user.click(within(applied()).getByRole('radio', { name: 'Yes' }));
    expect(checks).toHaveLength(0);
    await fill(user, screen.getByLabelText('UCAS Personal ID (optional)'), '1234567890');
    await user.tab();
    expect(await screen.findByRole('alert', { name: 'You have already applied' })).toBeInTheDocument();
    expect(checks.at(-1)!.url.searchParams.get('ucas_personal_id')).toBe('1234567890');

    // The ID is used only when APPLIED_TO_UCAS is yes: answering No checks without it.
    await user.click(within(applied()).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'You have already applied' })).not.toBeInTheDocument());
    await user.click(within(applied()).getByRole('radio', { name: 'Yes' }));
    expect(await screen.findByRole('alert', { name: 'You have already applied' })).toBeInTheDocument();
  });

  it('makes no call without parameters, and treats a failed check as not a duplicate', async () => {
    const checks = recordRequests(server, 'GET', '/api/applications/G400/applied');
    const { user } = await openStep1();
    await user.click(screen.getByLabelText('Email address'));
    await user.tab();
    await fill(user, screen.getByLabelText('Email address'), 'not-an-email');
    await user.tab();
    expect(checks).toHaveLength(0);

    server.use(http.get(apiUrl(API_ROUTES.applied.path), () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    await fill(user, screen.getByLabelText('Email address'), 'amara@example.com');
    await user.tab();
    await waitFor(() => expect(checks).toHaveLength(1));
    expect(screen.queryByRole('alert', { name: 'You have already applied' })).not.toBeInTheDocument();
  });
});
