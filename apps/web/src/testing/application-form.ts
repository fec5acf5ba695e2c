import { QUALIFICATION_CATALOGUE, type QualificationCode } from '@clearing-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `text` into a field as one paste (fast), replacing what it held, then leaves the field as
 * a person moving on would (errors wait for that, domain.md); `leave: false` stays in it.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string, { leave = true }: { leave?: boolean } = {}): Promise<void> {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
  if (leave) act(() => field.blur());
}

export type YesNo = 'Yes' | 'No';

export type PersonalDetails = {
  NAME1: string;
  NAME2: string;
  EMAIL: string;
  DOB: [day: string, month: string, year: string];
  TEL1: string;
  NATIONALITY: string;
  APPLIED_TO_UCAS: YesNo;
  PREVIOUSLY_STUDIED_AT_CITY: YesNo;
  PREVIOUSLY_APPLIED_TO_CITY: YesNo;
};

export const VALID_PERSONAL_DETAILS: PersonalDetails = {
  NAME1: 'Amara',
  NAME2: 'Okafor',
  EMAIL: 'amara.okafor@example.com',
  DOB: ['14', '5', '2006'],
  TEL1: '07700 900123',
  NATIONALITY: 'GBR',
  APPLIED_TO_UCAS: 'No',
  PREVIOUSLY_STUDIED_AT_CITY: 'No',
  PREVIOUSLY_APPLIED_TO_CITY: 'No',
};

/** The questions of the required yes/no fields (spec section 5), as their fieldsets' legends. */
export const YES_NO_QUESTIONS = {
  APPLIED_TO_UCAS: 'Have you applied to university through UCAS this year?',
  PREVIOUSLY_STUDIED_AT_CITY: 'Have you studied at City, University of London before?',
  PREVIOUSLY_APPLIED_TO_CITY: 'Have you applied to City, University of London before?',
  PREVIOUS_UNI_STUDY: 'Have you studied at a university before?',
} as const;

/** Answers a yes/no question (they start unanswered, spec section 5). */
export async function answer(user: UserEvent, question: keyof typeof YES_NO_QUESTIONS, choice: YesNo): Promise<void> {
  await user.click(within(screen.getByRole('group', { name: YES_NO_QUESTIONS[question] })).getByRole('radio', { name: choice }));
}

/** The date of birth: the public form's three boxes, or the one box an adviser types it in ('14/5/2006'). */
export async function fillDateOfBirth(user: UserEvent, [day, month, year]: PersonalDetails['DOB']): Promise<void> {
  if (screen.queryByLabelText('Day')) {
    await fill(user, screen.getByLabelText('Day'), day);
    await fill(user, screen.getByLabelText('Month'), month);
    await fill(user, screen.getByLabelText('Year'), year);
  } else await fill(user, screen.getByLabelText('Date of birth'), `${day}/${month}/${year}`);
}

/** Fills the required fields of step 1, answering its yes/no questions ('No' unless overridden). */
export async function fillPersonalDetails(user: UserEvent, overrides: Partial<PersonalDetails> = {}): Promise<void> {
  const v = { ...VALID_PERSONAL_DETAILS, ...overrides };
  await fill(user, screen.getByLabelText('Given name'), v.NAME1);
  await fill(user, screen.getByLabelText('Family name'), v.NAME2);
  await fill(user, screen.getByLabelText('Email address'), v.EMAIL);
  await fillDateOfBirth(user, v.DOB);
  await fill(user, screen.getByLabelText('Telephone number'), v.TEL1);
  await user.selectOptions(screen.getByLabelText('Nationality'), v.NATIONALITY);
  await answer(user, 'APPLIED_TO_UCAS', v.APPLIED_TO_UCAS);
  await answer(user, 'PREVIOUSLY_STUDIED_AT_CITY', v.PREVIOUSLY_STUDIED_AT_CITY);
  await answer(user, 'PREVIOUSLY_APPLIED_TO_CITY', v.PREVIOUSLY_APPLIED_TO_CITY);
}

/** The editor of item `n` (1-based) of a group: 'Qualification 2', 'GCSE qualification 1'. */
export const itemEditor = (name: string): HTMLElement => screen.getByRole('group', { name });

/**
 * Adds an item to a group and fills it: `type` is the qualification code, `fields` map a field's
 * label to a value (selects by option value; a grade's radios by their label). Ends with Done.
 * On the public form: 'Add', then the type; on a staff form, the type's button, else
 * 'Another type' and the type.
 */
export async function addQualification(
  user: UserEvent,
  group: 'Qualification' | 'GCSE qualification',
  type: string,
  fields: Record<string, string>,
  { done = true } = {},
): Promise<HTMLElement> {
  const addLabel = group === 'Qualification' ? 'Add a qualification' : 'Add a GCSE qualification';
  const existing = screen.queryAllByRole('group', { name: new RegExp(`^${group} \\d+$`) }).length;
  const summaries = screen.queryAllByRole('heading', { name: new RegExp(`^${group} \\d+:`) }).length;
  const typeButtons = screen.queryByRole('group', { name: addLabel });
  const typeButton = typeButtons && within(typeButtons).queryByRole('button', { name: `Add ${QUALIFICATION_CATALOGUE[type as QualificationCode].label}` });
  await user.click(
    typeButton ??
      (typeButtons ? within(typeButtons).getByRole('button', { name: 'Another type of qualification' }) : screen.getByRole('button', { name: addLabel })),
  );
  const editor = itemEditor(`${group} ${existing + summaries + 1}`);
  if (!typeButton) await user.selectOptions(within(editor).getByLabelText('Type of qualification'), type);
  for (const [label, value] of Object.entries(fields)) {
    const radios = within(editor).queryByRole('group', { name: label });
    if (radios) {
      await user.click(within(radios).getByRole('radio', { name: value }));
      continue;
    }
    const input = within(editor).getByLabelText(label);
    if (input instanceof HTMLSelectElement) await user.selectOptions(input, value);
    else await fill(user, input, value);
  }
  if (done) await user.click(within(editor).getByRole('button', { name: /^Done with/ }));
  return editor;
}

/**
 * An A level A*, A and B (144 points) and GCSE English Language and Mathematics at 5; 'No' to
 * previous university study.
 */
export async function fillValidQualifications(user: UserEvent): Promise<void> {
  await answer(user, 'PREVIOUS_UNI_STUDY', 'No');
  for (const [subject, grade] of [
    ['English Language', '5'],
    ['Mathematics', '5'],
  ]) {
    await addQualification(user, 'GCSE qualification', 'GCSE', { Subject: subject!, Grade: grade!, Year: '2023' });
  }
  for (const [subject, grade] of [
    ['Mathematics', 'A*'],
    ['Physics', 'A'],
    ['Chemistry', 'B'],
  ]) {
    await addQualification(user, 'Qualification', 'ALEVEL', { Subject: subject!, Grade: grade!, Year: '2025' });
  }
}

/** Fills both steps from step 1 and arrives at the submit step. */
export async function completeForm(user: UserEvent): Promise<void> {
  await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
  await fillPersonalDetails(user);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
  await fillValidQualifications(user);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 1, name: 'Step 3: Submit' });
}

/** Presses the (only) submit button and confirms. */
export async function submitAndConfirm(user: UserEvent, button = 'Submit'): Promise<void> {
  const submit = await screen.findByRole('button', { name: button });
  await waitForEnabled(submit);
  await user.click(submit);
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
}

async function waitForEnabled(element: HTMLElement): Promise<void> {
  await waitFor(() => {
    if ((element as HTMLButtonElement).disabled) throw new Error('still disabled');
  });
}

/** Request bodies sent to `pathname` while the test runs (JSON). */
export function recordRequests(
  server: { events: { on: (event: 'request:start', listener: (args: { request: Request }) => void) => void } },
  method: string,
  pathname: string | RegExp,
) {
  const bodies: Array<{ url: URL; body: unknown }> = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const matches = typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname);
    if (request.method !== method || !matches) return;
    if (method === 'GET') {
      bodies.push({ url, body: undefined });
      return;
    }
    void request
      .clone()
      .json()
      .then((body: unknown) => bodies.push({ url, body }));
  });
  return bodies;
}
