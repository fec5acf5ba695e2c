import { APP_STARTED_ATTRIBUTE } from '@clearing-desk/contracts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fillCallerApplication, signIn, submitByPhone, type Caller } from './support/desk';
import { tabTo } from './support/keyboard';

/**
 * Call scripts and the feedback panel against the real stack: a demo Back Office adviser
 * takes a green, amber, red, under-18, second-year and non-EEA application by phone and reads the
 * script of spec section 4 each time, with the extensions of spec section 9 (7969 offer and invite,
 * 0421 under-18 referral note, 7982 partner foundation courses). Every caller has a unique name and
 * email, so reruns and other specs never meet the duplicate check.
 */

const VERSION_LINE = 'Clearing 2025/26 · Script version 2023.0.3';
const NO_UCAS_ID =
  'You have not applied through UCAS this year, so you do not have a UCAS Personal ID. We will still take your details now, but you may be asked to complete an application form later.';
/** Once saved, the script gives the reference the caller quotes (the public reference: depart number and id[3]). */
const REFERENCE = /^Your reference number is \w+; please quote it whenever you contact us about this application\.$/;
const REFER = [
  'I will transfer you to Admissions now; if that is not possible, the course tutor will call you back.',
  // The stored referral's deadline (midday on the team's next working day), as its email and the 'Deadline' fact name it.
  /^If nobody has contacted you by 12:00 on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}, please assume that you have been unsuccessful\.$/,
  REFERENCE,
  // The course's extension (else the Clearing team's number).
  /^Adviser: transfer the caller to (extension \d+|the Clearing team on [\d ]+)\.$/,
];
/** An under-18 caller's outcome, whatever the button: what the under-18 note says (a colleague decides, through 0421). */
const UNDER_18_REFER = [
  'Your application for Computer Science needs a decision from a colleague. I will transfer you to them now.',
  REFERENCE,
  'Adviser: transfer the caller to extension 0421, then store the application as a referral.',
];

const unique = (label: string) => `${label}${Date.now()}`;

/** The feedback panel beside (or below) the form. */
const panel = (page: Page) => page.getByRole('complementary', { name: 'Feedback and call script' });
/** The status-specific script's paragraphs in the panel. */
const outcome = (scope: Locator) => scope.getByRole('region', { name: 'What to say' }).locator('p');
const note = (scope: Locator, id: 'no-ucas-id' | 'under-18' | 'second-year') => scope.locator(`[data-note="${id}"] p`);

/** Signs in, takes the caller's application by phone with `button`, and lands on its edit screen. */
async function takeByPhone(page: Page, caller: Caller, button: string) {
  await signIn(page, 'backoffice');
  await fillCallerApplication(page, caller);
  // Before a status is chosen the panel has no outcome script yet.
  await expect(outcome(panel(page))).toHaveText(['Choose a status to see its script.']);
  return submitByPhone(page, button);
}

/** The application id (aid) of the edit screen's heading 'Application {student}/{application}, reference {reference}: …'. */
async function applicationId(page: Page): Promise<string> {
  const caption = await page.getByText(/^Application \S+\/\S+, reference \w+: /).textContent();
  return /^Application \S+\/(\S+?),/.exec(caption ?? '')?.[1] ?? '';
}

test.describe('Call scripts', () => {
  test.setTimeout(120_000);

  test('green: the offer script with the two working days and extension 7969, beside the form and reachable by keyboard', async ({ page }) => {
    const name2 = unique('Greencaller');
    await takeByPhone(page, { course: 'G400', name2, grades: ['A*', 'A', 'B'] }, 'Offer');
    const script = panel(page);
    await expect(script.getByText(VERSION_LINE)).toBeVisible();
    await expect(script.locator('.cd-call-script__greeting')).toHaveText(`Hello Amara ${name2}. You are applying for course Computer Science`);
    await expect(note(script, 'no-ucas-id')).toHaveText([NO_UCAS_ID]);
    await expect(outcome(script)).toHaveText([
      'I am pleased to make you an offer for Computer Science. You will receive an email confirming it.',
      'You have not applied through UCAS this year, so to accept the offer, register with UCAS, sign in to your UCAS Hub, choose Clearing and add us as your Clearing choice (course code G400) within two working days, after which the offer lapses.',
      REFERENCE,
      'Adviser: transfer the caller to extension 7969.',
    ]);
    await expect(script.locator('.cd-call-script__history li').first()).toContainText('Offered');

    // A desk screen: the panel sits beside the form.
    const form = (await page.locator('.cd-desk-layout__form').boundingBox())!;
    const aside = (await script.boundingBox())!;
    expect(aside.x).toBeGreaterThanOrEqual(form.x + form.width);

    // Keyboard: after the form's last control the panel and its Outbound Call button follow.
    await page.getByRole('button', { name: 'Next' }).focus();
    await tabTo(page, script.getByRole('button', { name: 'Outbound Call' }), { max: 5 });
  });

  test('the outcome in sight at 1280×800: each button’s script before saving, then Saved with the reference, the decision and the script without scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const name2 = unique('Insightcaller');
    await signIn(page, 'backoffice');
    await fillCallerApplication(page, { course: 'G400', name2, grades: ['A*', 'A', 'B'] });
    // Under the status buttons, each button's script before committing to it.
    const offerScript = page.locator('.cd-button-scripts__item').filter({ has: page.getByRole('heading', { name: 'If you choose Offer' }) });
    await expect(offerScript.locator('p').first()).toHaveText(
      'I am pleased to make you an offer for Computer Science. You will receive an email confirming it.',
    );
    await submitByPhone(page, 'Offer');

    const saved = page.getByRole('region', { name: 'Saved' });
    await expect(saved.getByRole('heading', { name: 'Saved' })).toBeFocused();
    const heading = await page.getByText(/^Application \S+\/\S+, reference \w+: /).textContent();
    const reference = /reference (\w+):/.exec(heading ?? '')?.[1] ?? '';
    expect(reference).not.toBe('');
    // The decision's facts, by their labels (contracts DECISION_FACT_LABELS): the same rows as the email's.
    const fact = (label: string) => saved.locator('.cd-summary-list__row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
    await expect(fact('Reference')).toHaveText(reference);
    await expect(fact('Decision')).toHaveText('Offered');
    const script = saved.locator('p');
    await expect(script).toHaveText([
      'I am pleased to make you an offer for Computer Science. You will receive an email confirming it.',
      /^(You have not applied through UCAS this year|You must add us through the Clearing option)/,
      `Your reference number is ${reference}; please quote it whenever you contact us about this application.`,
      'Adviser: transfer the caller to extension 7969.',
    ]);
    // In view without the adviser scrolling: 'Saved', the reference, the decision and the whole script fit in the window.
    await page.screenshot({ path: '../../tmp/screenshots/call-scripts-saved-1280x800.png' });
    await expect(saved.getByRole('heading', { name: 'Saved' })).toBeInViewport({ ratio: 1 });
    await expect(saved.locator('dl')).toBeInViewport({ ratio: 1 });
    for (const p of await script.all()) await expect(p).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page);

    // 'Next caller' starts a fresh form for the course.
    await saved.getByRole('link', { name: 'Next caller' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expect(page.getByLabel('Given name', { exact: true })).toHaveValue('');
  });

  test('amber: the pool script with its stored deadline, the one the facts name', async ({ page }) => {
    await takeByPhone(page, { course: 'G400', name2: unique('Ambercaller'), grades: ['B', 'B', 'B'] }, 'Pool');
    // Saved: the pool's deadline (24 hours on, past the days the team does not work), the one its email and status page name.
    const deadline = (await panel(page).locator('[data-decision-fact="deadline"] dd').textContent()) ?? '';
    expect(deadline).toMatch(/^\d{2}:\d{2} on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(outcome(panel(page))).toHaveText([
      'We are holding your application while I consult my colleagues.',
      `If you have not heard from us by ${deadline}, please presume that you have been unsuccessful.`,
      REFERENCE,
    ]);
  });

  test('red, from outside the EEA: the general reject script with the partner foundation courses on 7982', async ({ page }) => {
    await takeByPhone(page, { course: 'G400', name2: unique('Redcaller'), nationality: 'IND', grades: ['C', 'C', 'C'] }, 'Reject');
    const paragraphs = outcome(panel(page));
    await expect(paragraphs.first()).toHaveText(
      'I am sorry, your qualifications do not meet the requirement for Computer Science and we cannot offer you a place this year.',
    );
    await expect(paragraphs.nth(1)).toHaveText('Please look at the vacancies on the national admissions service (UCAS).');
    await expect(paragraphs.nth(2)).toHaveText(
      'Our partner organisation runs foundation courses that could lead on to a degree with us. Adviser: transfer the caller to extension 7982.',
    );
    // Then one paragraph per alternative course of the assessment, each with its department's extension.
    for (const alternative of await paragraphs.all().then((all) => all.slice(3))) {
      await expect(alternative).toHaveText(
        /^We may be able to offer you .+ \(\w+\) in [A-Z][a-z]+.* instead\. Adviser: transfer the caller to the department on extension \d{4}\.$/,
      );
    }
  });

  test('under 18: the under-18 wording, the referral note with the hotline before 18:00 and extension 0421, then the refer script', async ({ page }) => {
    const name2 = unique('Youngcaller');
    await signIn(page, 'backoffice');
    await fillCallerApplication(page, { course: 'G400', name2, dob: ['1', '3', '2009'], grades: ['A*', 'A', 'B'] });
    // Live: the assessment finds the caller under 18 on the course start date while the form is filled in.
    const greeting = `Hello Amara ${name2}. You are applying for course Computer Science and you have indicated that you will be under the age of 18 on the courses start date`;
    await expect(panel(page).locator('.cd-call-script__greeting')).toHaveText(greeting);
    await expect(page.getByRole('button', { name: /^Offer/ })).toHaveCount(0);
    await submitByPhone(page, 'Refer');

    const script = panel(page);
    const aid = await applicationId(page);
    await expect(script.locator('.cd-call-script__greeting')).toHaveText(greeting);
    await expect(note(script, 'under-18')).toHaveText([
      'Your application will be referred to the Admissions Office; I am not able to make a decision on it today.',
      `If you need an answer quickly, call our priority hotline (020 7040 8716) before 18:00 today and quote your application id ${aid}.`,
      'Adviser: add the under-18 referral note and transfer to extension 0421.',
    ]);
    // The outcome says the same as the note: a colleague decides, through extension 0421.
    await expect(outcome(script)).toHaveText(UNDER_18_REFER);
  });

  test('second year: the second-year wording and the transfer to the course extension', async ({ page }) => {
    const name2 = unique('Secondyear');
    await takeByPhone(page, { course: 'G600', name2, grades: ['A*', 'A', 'B'], secondYear: true }, 'Refer');
    const script = panel(page);
    await expect(script.locator('.cd-call-script__greeting')).toHaveText(
      `Hello Amara ${name2}. You are applying for course Software Engineering but want to start in the Second Year`,
    );
    await expect(note(script, 'second-year')).toHaveText(['I will transfer you now to extension 8716, who deal with Second Year entry.']);
    await expect(outcome(script)).toHaveText(REFER);
  });

  test('non-EEA: the visa compliance transfer on 7969, changing live with the nationality on the form', async ({ page }) => {
    await takeByPhone(page, { course: 'G400', name2: unique('Visacaller'), nationality: 'USA', grades: ['A*', 'A', 'B'] }, 'Offer');
    const script = panel(page);
    await expect(outcome(script)).toHaveText([
      'I am pleased to make you an offer for Computer Science. You will receive an email confirming it.',
      'You must add us through the Clearing option on your UCAS Hub within two working days, after which the offer lapses.',
      'Because of your nationality, our visa compliance team will contact you about your offer and your student visa. I will now transfer you to them.',
      'If the transfer fails, the visa team will call you back.',
      REFERENCE,
      'Adviser: transfer the caller to extension 7969.',
    ]);
    // The caller turns out to be British: the script follows the form before anything is saved.
    await page.getByLabel('Nationality').selectOption('GBR');
    await expect(outcome(script).nth(2)).toHaveText(REFERENCE);
  });

  test('Year 2 wanted on a course without it: the guidance in view with the questions of steps 1 and 2, and in training scenario SC014 @phone', async ({
    page,
  }) => {
    const FIRST_YEAR_ONLY = 'This course does not accept entry into the Second Year; you can start only in the First Year.';
    const END_CALL =
      'Adviser: if the caller wants only the Second Year, end the call politely: "I am sorry we cannot help you with this course; thank you for calling."';
    const SUPERVISOR = 'Adviser: if the caller wants only the Second Year, call a supervisor before going any further.';
    // Atop the sticky panel beside the form on a desk screen, above the step's fields on a phone: the copy shown.
    const guidance = page.locator('[data-guidance="second-year"]').filter({ visible: true });
    await signIn(page, 'backoffice');

    // Computer Science is a Sciences course: call a supervisor. In view with the first question (the adviser has scrolled to it).
    await page.goto('/apply/G400/personal-details');
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expect(guidance).toHaveCount(1);
    await expect(guidance.locator('p')).toHaveText([FIRST_YEAR_ONLY, SUPERVISOR]);
    const phone = test.info().project.name === 'phone';
    if (!phone) {
      await page.getByLabel('Given name', { exact: true }).fill('Priya');
      await expect(guidance).toBeInViewport({ ratio: 1 });
    }
    await page.screenshot({ path: `../../tmp/screenshots/second-year-guidance-step1-${test.info().project.name}.png` });
    await expectNoAxeViolations(page);
    // Step 2 asks which year: the guidance is there too, in view on arrival.
    await page.getByLabel('Given name', { exact: true }).fill('Priya');
    await page.getByRole('link', { name: /Step 2/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
    await expect(guidance.locator('p')).toHaveText([FIRST_YEAR_ONLY, SUPERVISOR]);
    if (phone) {
      // On a phone the panel follows the form: the guidance is the first thing under the step's heading, before the questions.
      const first = await guidance.evaluate((note) => {
        const question = document.querySelector('#SECOND_YEAR_ENTRY');
        return !!question && !!(note.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(first).toBe(true);
    } else await expect(guidance).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `../../tmp/screenshots/second-year-guidance-step2-${test.info().project.name}.png` });

    // Law: end the call politely. Software Engineering takes Year 2: no such guidance.
    await page.goto('/apply/M100/personal-details');
    await expect(guidance.locator('p')).toHaveText([FIRST_YEAR_ONLY, END_CALL]);
    await page.goto('/apply/G600/personal-details');
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expect(page.getByText(/^Software Engineering/).first()).toBeVisible();
    await expect(guidance).toHaveCount(0);

    // SC014 (Law, the caller will not start in the first year) is trained with the guidance in view.
    await page.goto('/staff/scenarios?gender=F&dept=LAWS&course=M100');
    await expect(page.getByRole('region', { name: 'Scenario Details' }).getByText('SC014', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Start training call' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expect(guidance.locator('p')).toHaveText([FIRST_YEAR_ONLY, END_CALL]);
    // Above the training call's fields, after its banner.
    await expect(guidance).toBeVisible();
    await page.screenshot({ path: `../../tmp/screenshots/second-year-guidance-training-${test.info().project.name}.png` });
    await expectNoAxeViolations(page);
  });

  test('the edit screen with the panel at phone size (390×844): panel below the form, axe-clean @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const editPath = await takeByPhone(page, { course: 'G400', name2: unique('Phonescript'), dob: ['1', '3', '2009'], grades: ['A*', 'A', 'B'] }, 'Refer');
    const script = panel(page);
    await expect(outcome(script)).toHaveText(UNDER_18_REFER);
    const form = (await page.locator('.cd-desk-layout__form').boundingBox())!;
    const aside = (await script.boundingBox())!;
    expect(aside.y).toBeGreaterThanOrEqual(form.y + form.height);
    await page.screenshot({ path: '../../tmp/screenshots/call-scripts-edit-390.png', fullPage: true });
    await expectNoAxeViolations(page);

    // The Review tab: qualifications to read back and the script, once complete.
    await page.goto(`${editPath}/submit`);
    const readBack = page.getByRole('list', { name: 'Read the qualifications back to the caller' });
    await expect(readBack.getByRole('listitem').first()).toHaveText('A Level: Subject Mathematics, Grade A*, Year 2023');
    // The Review tab's copy of the script is no landmark (the panel's 'What to say' stays the one region).
    await expect(page.locator('.cd-call-scripts__review [data-variant] p')).toHaveText(UNDER_18_REFER);
    await page.screenshot({ path: '../../tmp/screenshots/call-scripts-review-390.png', fullPage: true });
    await expectNoAxeViolations(page);
  });
});

test.describe('When a call starts', () => {
  /** The greeting's box lies wholly within the viewport. */
  const expectInView = async (page: Page, greeting: Locator) => {
    await expect(greeting).toBeVisible();
    const box = (await greeting.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y, 'top of the greeting').toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, 'bottom of the greeting').toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width, 'right of the greeting').toBeLessThanOrEqual(viewport.width);
  };

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`the greeting and the first thing to say are in view at ${size.width}x${size.height} @phone`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'backoffice');
      await page.goto('/apply/G400');
      // The app has taken the page over, so the staff parts it adds are in place before the click
      // (a click in the first second is first-load.spec.ts's).
      await expect(page.locator(`html[${APP_STARTED_ATTRIBUTE}="true"]`)).toBeAttached();
      await page.getByRole('link', { name: 'Start application' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
      const greeting = 'Hello. You are applying for course Computer Science';
      // Beside the form, the panel's own script; on a narrow screen (the panel below the form) the
      // call's opening above the form, the first copy in the page.
      const shown = page.getByText(greeting, { exact: true }).locator('visible=true').first();
      await expectInView(page, shown);
      const firstLine = shown.locator('xpath=following-sibling::*[1]');
      await expect(firstLine).toHaveText(/^(The course starts on |Before we continue: )/);
      await expectInView(page, firstLine);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // Typing the caller's name updates the greeting where it is read.
      await page.getByLabel('Given name', { exact: true }).fill('Amara');
      await expect(page.getByText('Hello Amara. You are applying for course Computer Science', { exact: true }).locator('visible=true').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
