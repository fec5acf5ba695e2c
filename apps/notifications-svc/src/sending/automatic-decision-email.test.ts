import { createDecisionEmailPayload } from '@clearing-desk/contracts/testing';
import { renderDecisionEmail } from './render-email';

const ctx = { publicUrl: 'https://clearing.university.example/', institutionCode: 'Z99', clearingTeamTelephone: '020 7040 4000' };

describe('the safeguards of an automatic decision in its email', () => {
  it('says an automatic offer was made automatically, gives its reasons and the link to ask for a person', async () => {
    const payload = createDecisionEmailPayload({ status: 'O', subStatus: 'AO', automaticReasons: ['144 points meet the 120 points the course asks for.'] });
    const email = await renderDecisionEmail(payload, ctx);
    expect(email?.text).toContain('HOW THIS DECISION WAS MADE');
    expect(email?.text).toContain(
      'This decision was made automatically: our system compared the qualifications you entered with the entry requirements of the course. No person was involved in making it.',
    );
    expect(email?.text).toContain('144 points meet the 120 points the course asks for.');
    expect(email?.html).toContain(`href="https://clearing.university.example/review/${payload.hash}/ask-for-review"`);
    expect(email?.html).toContain('Ask for a person to review this decision');
  });

  it("leaves the section out of an adviser's decision", async () => {
    const email = await renderDecisionEmail(createDecisionEmailPayload({ source: 'staff', previousStatus: 'S', status: 'O', subStatus: null }), ctx);
    expect(email?.text).not.toContain('Ask for a person to review this decision');
  });

  it("sends a review's outcome as its own email, with what the reviewer said", async () => {
    const payload = createDecisionEmailPayload({
      source: 'staff',
      previousStatus: 'O',
      status: 'O',
      subStatus: 'AO',
      review: { OUTCOME: 'UPHELD', NOTE: 'Your BTEC was counted.' },
    });
    const email = await renderDecisionEmail(payload, ctx);
    expect(email?.kind).toBe('REVIEW');
    expect(email?.subject).toBe(`The review of the decision on your application for ${payload.course.COURSE_TITLE}`);
    expect(email?.text).toContain('A member of our admissions team has reviewed the automatic decision on your application and agrees with it.');
    expect(email?.text).toContain('Your BTEC was counted.');
  });
});

describe("an automatic rejection's safeguards", () => {
  it('name its reasons once: in the rejection list, with the safeguards pointing at them', async () => {
    const reason = 'Effective UCAS points 96 are below the accepted tariff of 112.';
    const payload = createDecisionEmailPayload({ status: 'X', subStatus: 'AX', rejectionReasons: [reason], automaticReasons: [] });
    const email = await renderDecisionEmail(payload, ctx);
    expect(email?.text.split(reason).length).toBe(2);
    expect(email?.text).toContain('The reasons for this decision are listed above.');
    expect(email?.text).toContain('Ask for a person to review this decision');
  });
});
