import { buildQualOption } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, within } from '@testing-library/react';
import { fill, itemEditor } from '@/testing/application-form';
import { seedCourses, seedQualOptions } from '@/testing/mocks/db';
import { createStaffUser, renderApp } from '@/testing/test-utils';

// An adviser with a caller on the line: fewer actions than the public form needs.
const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });

const openStep = async (step: 'personal-details' | 'qualifications', heading: string) => {
  const rendered = renderApp(`/apply/G400/${step}`, { user: backOffice });
  await screen.findByRole('heading', { level: 1, name: heading });
  return rendered;
};

describe('staff form: the date of birth in one box', () => {
  it('takes day, month and year typed in one box and checks them with the spec rules and messages', async () => {
    const { user } = await openStep('personal-details', 'Step 1: Personal details');
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();
    const dob = screen.getByLabelText('Date of birth');
    expect(dob).toHaveAccessibleDescription('Day, month and year, for example 27/3/2007');
    expect(dob).toHaveAttribute('autocomplete', 'bday');

    await fill(user, dob, '31/2');
    expect(dob).toHaveAccessibleDescription("Day, month and year, for example 27/3/2007 Error: 'Date of birth' must have format: dd/mm/yyyy.");
    expect(dob).toHaveAttribute('aria-invalid', 'true');
    await fill(user, dob, '31/2/2007');
    expect(screen.getByText('Incorrect day 31: Day must be between 1 and 28.')).toBeInTheDocument();
    await fill(user, dob, '29/2/2008');
    expect(screen.queryByText(/Incorrect day/)).not.toBeInTheDocument();
    await fill(user, dob, '14/13/2006');
    expect(screen.getByText('Incorrect month 13: Month must be between 1 and 12.')).toBeInTheDocument();
    await fill(user, dob, '14/5/1899');
    expect(screen.getByText(`Invalid Date of Birth Year: 1899. Year must be between 1900 and ${new Date().getFullYear()}.`)).toBeInTheDocument();
    for (const typed of ['14/5/2006', '14.05.2006', '14 5 2006', '14-5-2006', '14052006']) {
      await fill(user, dob, typed);
      expect(screen.queryByText(/Date of Birth|Incorrect|dd\/mm\/yyyy/)).not.toBeInTheDocument();
      // What was typed stays in the box.
      expect(dob).toHaveValue(typed);
    }
    await fill(user, dob, '14/5/06');
    expect(screen.getByText("'Date of birth' must have format: dd/mm/yyyy.")).toBeInTheDocument();
  });

  it("links the summary's date of birth error to the box", async () => {
    const { user } = await openStep('personal-details', 'Step 1: Personal details');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    const link = within(summary).getByRole('link', { name: "'Date of birth' is required." });
    expect(link).toHaveAttribute('href', '#DOB');
    await user.click(link);
    expect(screen.getByLabelText('Date of birth')).toHaveFocus();
  });
});

describe('staff form: a qualification type in one action', () => {
  const addControl = (name: 'Add a GCSE qualification' | 'Add a qualification') => screen.getByRole('group', { name });

  it('offers a button per common type, and Another type for the rest (the type drop-down)', async () => {
    seedQualOptions(
      'G400',
      (['ALEVEL', 'ASLEVEL', 'IBO', 'ENGLISH_TEST', 'OTHER', 'GCSE', 'IGCSE'] as const).map((code) => buildQualOption(code)),
    );
    const { user } = await openStep('qualifications', 'Step 2: Qualifications');
    expect(screen.queryByRole('button', { name: 'Add a qualification' })).not.toBeInTheDocument();
    expect(
      within(addControl('Add a GCSE qualification'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Add GCSE', 'Add IGCSE']);
    expect(
      within(addControl('Add a qualification'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Add A Level', 'Add International Baccalaureate (IBO)', 'Add English language test', 'Another type of qualification']);

    await user.click(within(addControl('Add a qualification')).getByRole('button', { name: 'Another type of qualification' }));
    const other = itemEditor('Qualification 1');
    expect(within(other).getByLabelText('Type of qualification')).toHaveFocus();
    expect(within(other).getByLabelText('Type of qualification')).toHaveValue('');
  });

  it('opens an item of the type pressed with focus on its first field; Done moves on to the next Add control', async () => {
    const { user } = await openStep('qualifications', 'Step 2: Qualifications');
    await user.click(within(addControl('Add a GCSE qualification')).getByRole('button', { name: 'Add GCSE' }));
    const gcse = itemEditor('GCSE qualification 1');
    expect(within(gcse).getByLabelText('Type of qualification')).toHaveValue('GCSE');
    expect(within(gcse).getByLabelText('Subject')).toHaveFocus();
    await fill(user, within(gcse).getByLabelText('Subject'), 'Mathematics');
    await user.click(within(within(gcse).getByRole('group', { name: 'Grade' })).getByRole('radio', { name: '7' }));
    // Enter in the item's last box is Done: after the GCSEs, on to the qualifications' Add control.
    await fill(user, within(gcse).getByLabelText(/^Year/), '2024', { leave: false });
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'GCSE qualification 1: GCSE' })).toBeInTheDocument();
    expect(within(addControl('Add a qualification')).getByRole('button', { name: 'Add A Level' })).toHaveFocus();

    await user.keyboard('{Enter}');
    const aLevel = itemEditor('Qualification 1');
    expect(within(aLevel).getByLabelText('Type of qualification')).toHaveValue('ALEVEL');
    expect(within(aLevel).getByLabelText('Subject')).toHaveFocus();
    await fill(user, within(aLevel).getByLabelText('Subject'), 'Physics');
    await user.click(within(within(aLevel).getByRole('group', { name: 'Grade' })).getByRole('radio', { name: 'A' }));
    await fill(user, within(aLevel).getByLabelText('Year'), '2025');
    await user.click(within(aLevel).getByRole('button', { name: 'Done with qualification 1' }));
    // The last group: its own Add control.
    expect(within(addControl('Add a qualification')).getByRole('button', { name: 'Add A Level' })).toHaveFocus();

    // The same type again starts as the last item (its year), focus on its subject.
    await user.click(within(addControl('Add a qualification')).getByRole('button', { name: 'Add A Level' }));
    const second = itemEditor('Qualification 2');
    expect(within(second).getByLabelText('Year')).toHaveValue('2025');
    expect(within(second).getByLabelText('Subject')).toHaveFocus();
    // Another type starts blank.
    await fill(user, within(second).getByLabelText('Subject'), 'Chemistry');
    await user.click(within(within(second).getByRole('group', { name: 'Grade' })).getByRole('radio', { name: 'B' }));
    await user.click(within(second).getByRole('button', { name: 'Done with qualification 2' }));
    await user.click(within(addControl('Add a qualification')).getByRole('button', { name: 'Add English language test' }));
    const test = itemEditor('Qualification 3');
    expect(within(test).getByLabelText('Type of qualification')).toHaveValue('ENGLISH_TEST');
    expect(within(test).getByLabelText('Test')).toHaveFocus();
    expect(within(test).getByLabelText('Year')).toHaveValue('');
  });

  it('keeps the public form to one Add button per group', async () => {
    seedCourses([createCourse()]);
    renderApp('/apply/G400/qualifications');
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    expect(screen.getByRole('button', { name: 'Add a GCSE qualification' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a qualification' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add GCSE' })).not.toBeInTheDocument();
  });
});
