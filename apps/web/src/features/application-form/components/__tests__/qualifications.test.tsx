import { buildQualOption, SECOND_YEAR_TEXTS } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, within } from '@testing-library/react';
import { addQualification, fill, itemEditor } from '@/testing/application-form';
import { seedCourses, seedQualOptions } from '@/testing/mocks/db';
import { renderApp } from '@/testing/test-utils';

const openStep2 = async () => {
  const rendered = renderApp('/apply/G400/qualifications');
  await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
  return rendered;
};
const options = (select: HTMLElement) => Array.from((select as HTMLSelectElement).options).map((o) => o.text);

describe('qualifications: year of entry and previous study', () => {
  it('forces first-year entry when the course does not allow the second year', async () => {
    await openStep2();
    const year = screen.getByLabelText('Which year of the course do you want to start in?');
    expect(options(year)).toEqual(['First Year']);
    expect(year).toHaveValue('0');
    expect(screen.getByText(SECOND_YEAR_TEXTS.FIRST_YEAR_ONLY)).toBeInTheDocument();
  });

  it('offers the second year when allowed, with its note when chosen', async () => {
    seedCourses([createCourse({ ALLOW_SECOND_YEAR_ENTRY: true })]);
    const { user } = await openStep2();
    const year = screen.getByLabelText('Which year of the course do you want to start in?');
    expect(options(year)).toEqual(['First Year', 'Second Year']);
    expect(screen.queryByText(SECOND_YEAR_TEXTS.FIRST_YEAR_ONLY)).not.toBeInTheDocument();
    await user.selectOptions(year, '1');
    expect(screen.getByText("Please see the 'Year 2 Applicants' requirement at the bottom of the page.")).toBeInTheDocument();
  });

  it('asks about previous study only after a yes', async () => {
    const { user } = await openStep2();
    const notes = () => screen.queryByLabelText('Tell us about your previous university study (optional)');
    expect(notes()).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Have you studied at a university before?' })).getByRole('radio', { name: 'Yes' }));
    expect(notes()).toBeInTheDocument();
  });

  it('shows a short public hint, not the adviser checklist', async () => {
    await openStep2();
    expect(screen.getByText(/exactly as it appears on your certificate/)).toBeInTheDocument();
    expect(screen.getByText(/at least 5 GCSEs/)).toBeInTheDocument();
    expect(screen.queryByText(/Admissions staff check them/)).not.toBeInTheDocument();
  });
});

describe('qualifications: group editor', () => {
  it('offers GCSE subjects as free text with suggestions (a datalist), never a closed list', async () => {
    const { user } = await openStep2();
    await user.click(screen.getByRole('button', { name: 'Add a GCSE qualification' }));
    const editor = itemEditor('GCSE qualification 1');
    await user.selectOptions(within(editor).getByLabelText('Type of qualification'), 'GCSE');
    const subject = within(editor).getByLabelText('Subject');
    expect(subject.tagName).toBe('INPUT');
    const list = document.getElementById(subject.getAttribute('list') ?? '');
    expect(list?.tagName).toBe('DATALIST');
    expect(Array.from(list?.querySelectorAll('option') ?? []).map((o) => o.value)).toContain('English Language');
    await user.type(subject, 'Citizenship Studies');
    expect(subject).toHaveValue('Citizenship Studies');
  });

  it('puts GCSE-group types in the GCSE group and the others in the qualifications group', async () => {
    const { user } = await openStep2();
    await user.click(screen.getByRole('button', { name: 'Add a GCSE qualification' }));
    const gcseType = within(itemEditor('GCSE qualification 1')).getByLabelText('Type of qualification');
    expect(gcseType).toHaveFocus();
    expect(options(gcseType)).toEqual(['Select a type of qualification', 'GCSE']);
    await user.click(screen.getByRole('button', { name: 'Add a qualification' }));
    expect(options(within(itemEditor('Qualification 1')).getByLabelText('Type of qualification'))).toEqual([
      'Select a type of qualification',
      'A Level',
      'English language test',
    ]);
  });

  it('adds an item (type, then its fields), shows it as a summary when done, and edits it again', async () => {
    const { user } = await openStep2();
    const editor = await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Mathematics', Grade: 'A*', Year: '2025' }, { done: false });
    expect(
      within(editor)
        .getAllByRole('combobox')
        .map((c) => c.getAttribute('id')),
    ).toEqual(['QUALIFICATIONS-0-QUALIFICATION', 'QUALIFICATIONS-0-SUBJECT']);
    // The grade is a row of radios, one click each, best first.
    const grade = within(editor).getByRole('group', { name: 'Grade' });
    expect(
      within(grade)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['A*', 'A', 'B', 'C', 'D', 'E', 'U']);
    expect(within(grade).getByRole('radio', { name: 'A*' })).toBeChecked();
    await user.click(within(editor).getByRole('button', { name: 'Done with qualification 1' }));

    expect(screen.queryByRole('group', { name: 'Qualification 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Qualification 1: A Level' })).toBeInTheDocument();
    expect(screen.getByText('Mathematics, A*, 2025')).toBeInTheDocument();
    const edit = screen.getByRole('button', { name: 'Edit qualification 1' });
    // Done moves on to the group's Add control.
    expect(screen.getByRole('button', { name: 'Add a qualification' })).toHaveFocus();

    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'A', Year: '2025' });
    expect(screen.getByRole('heading', { name: 'Qualification 2: A Level' })).toBeInTheDocument();

    await user.click(edit);
    const reopened = itemEditor('Qualification 1');
    expect(within(reopened).getByLabelText('Type of qualification')).toHaveFocus();
    expect(within(within(reopened).getByRole('group', { name: 'Grade' })).getByRole('radio', { name: 'A*' })).toBeChecked();
  });

  it("moves on from a done GCSE to the qualifications group's Add control", async () => {
    const { user } = await openStep2();
    await addQualification(user, 'GCSE qualification', 'GCSE', { Subject: 'Mathematics', Grade: '6', Year: '2024' });
    expect(screen.getByRole('heading', { name: 'GCSE qualification 1: GCSE' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a qualification' })).toHaveFocus();
  });

  it('starts another item as the last one, with its type and year, focus on its subject', async () => {
    const { user } = await openStep2();
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'A', Year: '2025' });
    await user.click(screen.getByRole('button', { name: 'Add a qualification' }));
    const second = itemEditor('Qualification 2');
    expect(within(second).getByLabelText('Type of qualification')).toHaveValue('ALEVEL');
    expect(within(second).getByLabelText('Year')).toHaveValue('2025');
    expect(within(second).getByLabelText('Subject')).toHaveFocus();
    expect(within(second).getByLabelText('Subject')).toHaveValue('');
  });

  it('Done and add another closes the item and opens the next as it (type and year), focus on its subject', async () => {
    const { user } = await openStep2();
    const first = await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'A', Year: '2025' }, { done: false });
    await user.click(within(first).getByRole('button', { name: 'Done and add another qualification' }));
    expect(screen.getByRole('heading', { name: 'Qualification 1: A Level' })).toBeInTheDocument();
    expect(screen.getByText('Physics, A, 2025')).toBeInTheDocument();
    const second = itemEditor('Qualification 2');
    expect(within(second).getByLabelText('Type of qualification')).toHaveValue('ALEVEL');
    expect(within(second).getByLabelText('Year')).toHaveValue('2025');
    expect(within(second).getByLabelText('Subject')).toHaveFocus();
    // An item with errors stays open, its first error focused, and nothing is added.
    await user.click(within(second).getByRole('button', { name: 'Done and add another qualification' }));
    expect(within(second).getByText("'Subject' is required.")).toBeInTheDocument();
    expect(within(second).getByLabelText('Subject')).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Qualification 3' })).not.toBeInTheDocument();
  });

  it('takes an A level subject typed from its list (case aside), and refuses one not on it', async () => {
    const { user } = await openStep2();
    const editor = await addQualification(user, 'Qualification', 'ALEVEL', { Grade: 'B', Year: '2025' }, { done: false });
    const subject = within(editor).getByLabelText('Subject');
    expect(subject.tagName).toBe('INPUT');
    const list = document.getElementById(subject.getAttribute('list') ?? '');
    expect(Array.from(list?.querySelectorAll('option') ?? []).map((o) => o.value)).toContain('Computer Science');
    await user.type(subject, 'computer science');
    expect(subject).toHaveValue('Computer Science');
    await user.click(within(editor).getByRole('button', { name: 'Done with qualification 1' }));
    expect(screen.getByText('Computer Science, B, 2025')).toBeInTheDocument();

    const other = await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Basket Weaving', Grade: 'A' }, { done: false });
    await user.click(within(other).getByRole('button', { name: 'Done with qualification 2' }));
    expect(within(other).getByText(/^'Subject' must be one of: .*Mathematics/)).toBeInTheDocument();
  });

  it("picks a grade by typing it: 'A' gives A, then '*' gives A*", async () => {
    const { user } = await openStep2();
    const editor = await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics' }, { done: false });
    const grade = within(editor).getByRole('group', { name: 'Grade' });
    await user.click(within(editor).getByLabelText('Subject'));
    await user.tab();
    expect(within(grade).getByRole('radio', { name: 'A*' })).toHaveFocus();
    expect(within(grade).getByRole('radio', { name: 'A*' })).not.toBeChecked();
    await user.keyboard('a');
    expect(within(grade).getByRole('radio', { name: 'A' })).toBeChecked();
    expect(within(grade).getByRole('radio', { name: 'A' })).toHaveFocus();
    await user.keyboard('*');
    expect(within(grade).getByRole('radio', { name: 'A*' })).toBeChecked();
    await user.keyboard('C');
    expect(within(grade).getByRole('radio', { name: 'C' })).toBeChecked();
    await user.keyboard('x');
    expect(within(grade).getByRole('radio', { name: 'C' })).toBeChecked();
  });

  it("gives A for 'A', not A*: one click per grade", async () => {
    const { user } = await openStep2();
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'A', Year: '2025' });
    expect(screen.getByText('Physics, A, 2025')).toBeInTheDocument();
  });

  it('takes Enter in an item box as Done, not as Next', async () => {
    const { router, user } = await openStep2();
    const editor = await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'B', Year: '2025' }, { done: false });
    await user.type(within(editor).getByLabelText('Year'), '{Enter}');
    expect(screen.getByRole('heading', { name: 'Qualification 1: A Level' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/G400/qualifications');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps an item with errors open on Done and shows its errors', async () => {
    const { user } = await openStep2();
    const editor = await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics' }, { done: false });
    await user.click(within(editor).getByRole('button', { name: /^Done with/ }));
    expect(itemEditor('Qualification 1')).toBeInTheDocument();
    expect(within(editor).getByText("'Grade' is required.")).toBeInTheDocument();
    expect(within(editor).getByText("'Year' is required.")).toBeInTheDocument();
    expect(within(within(editor).getByRole('group', { name: 'Grade' })).getByRole('radio', { name: 'A*' })).toHaveFocus();
  });

  it('names item errors by group and number in the error summary', async () => {
    const { user } = await openStep2();
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'A', Year: '2025' });
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Chemistry', Year: '2025' }, { done: false });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    const link = within(summary).getByRole('link', { name: "Qualifications item 2: 'Grade' is required." });
    expect(link).toHaveAttribute('href', '#QUALIFICATIONS-1-GRADE');
    await user.click(link);
    expect(within(within(itemEditor('Qualification 2')).getByRole('group', { name: 'Grade' })).getByRole('radio', { name: 'A*' })).toHaveFocus();
  });

  it('shows duplicated items with the spec message', async () => {
    const { user } = await openStep2();
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'A', Year: '2025' });
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'B', Year: '2025' });
    expect(screen.getByText("'Qualifications' contains duplicated items: 1, 2.")).toBeInTheDocument();
  });

  it('takes a resit of the same subject in another year (domain.md: not a duplicate)', async () => {
    const { user } = await openStep2();
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'C', Year: '2024' });
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'A', Year: '2025' });
    expect(screen.queryByText(/contains duplicated items/)).not.toBeInTheDocument();
  });

  it('removes an item only after confirmation in an accessible dialog', async () => {
    const { user } = await openStep2();
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Mathematics', Grade: 'A*', Year: '2025' });
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: 'Physics', Grade: 'A', Year: '2025' });
    const remove = screen.getByRole('button', { name: 'Remove qualification 1' });

    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Are you sure you want to remove qualification 1?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('A Level: Mathematics, A*, 2025');
    // Focus on the primary action (Enter confirms), and it stays in the dialog.
    expect(within(dialog).getByRole('button', { name: 'Yes, remove it' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Yes, remove it' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Escape closes it, nothing removed, focus back on the Remove button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Qualification 2: A Level' })).toBeInTheDocument();

    await user.click(remove);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Mathematics, A*, 2025')).toBeInTheDocument();

    await user.click(remove);
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
    expect(screen.queryByText('Mathematics, A*, 2025')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Qualification 1: A Level' })).toBeInTheDocument();
    expect(screen.getByText('Physics, A, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a qualification' })).toHaveFocus();
  });
});

describe('qualifications: International Baccalaureate and Access to HE', () => {
  beforeEach(() => seedQualOptions('G400', [buildQualOption('IBO'), buildQualOption('ACCESS_HE'), buildQualOption('GCSE')]));

  it('shows every IB field in sections, and the total year fills the empty IB years', async () => {
    const { user } = await openStep2();
    const editor = await addQualification(user, 'Qualification', 'IBO', {}, { done: false });
    for (const legend of [
      'IB Total',
      'Extended Essay',
      'Theory of Knowledge',
      'Higher Level Subject 1',
      'Higher Level Subject 3',
      'Standard Level Subject 3',
    ]) {
      expect(within(editor).getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(within(editor).getByLabelText('Higher Level Subject 2 grade (optional)')).toBeInTheDocument();

    await fill(user, within(editor).getByLabelText('Theory of Knowledge year (optional)'), '2023');
    await user.type(within(editor).getByLabelText('IB Total year'), '2024');
    for (const label of ['Extended Essay year', 'Higher Level Subject 1 year', 'Higher Level Subject 3 year', 'Standard Level Subject 2 year']) {
      expect(within(editor).getByLabelText(`${label} (optional)`)).toHaveValue('2024');
    }
    expect(within(editor).getByLabelText('Theory of Knowledge year (optional)')).toHaveValue('2023');

    await fill(user, within(editor).getByLabelText('IB Total'), '46');
    expect(within(editor).getByText("'IB Total' must be between 0 and 45.")).toBeInTheDocument();
    await fill(user, within(editor).getByLabelText('IB Total'), '38');
    await fill(user, within(editor).getByLabelText('Higher Level Subject 1 (optional)'), 'Physics');
    await user.selectOptions(within(editor).getByLabelText('Higher Level Subject 1 grade (optional)'), '7');
    await user.click(within(editor).getByRole('button', { name: /^Done with/ }));
    expect(
      screen.getByText(
        'IB Total: 38, IB Total year: 2024, Extended Essay year: 2024, Theory of Knowledge year: 2023, Higher Level Subject 1: Physics, Higher Level Subject 1 grade: 7, Higher Level Subject 1 year: 2024',
      ),
    ).toBeInTheDocument();
  });

  it('asks for Access to HE credits (each may be left empty) and refuses more than 45', async () => {
    const { user } = await openStep2();
    const editor = await addQualification(
      user,
      'Qualification',
      'ACCESS_HE',
      { Subject: 'Science', 'Distinction credits (optional)': '30', 'Merit credits (optional)': '15', 'Pass credits (optional)': '6', Year: '2025' },
      { done: false },
    );
    expect(within(editor).getByText('The total number of credits must not be higher than 45.')).toBeInTheDocument();
    await fill(user, within(editor).getByLabelText('Pass credits (optional)'), '');
    expect(within(editor).queryByText(/total number of credits/)).not.toBeInTheDocument();
  });
});
