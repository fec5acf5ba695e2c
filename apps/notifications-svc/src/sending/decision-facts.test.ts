import { decisionFactRows, decisionFacts, decisionFactsInputOf, type DecisionFactKey } from '@clearing-desk/contracts';
import { decisionDeadline } from '@clearing-desk/contracts/server';
import { DECISION_FACT_CASES, DECISION_FACT_CONTEXT } from '@clearing-desk/contracts/testing';
import { readEmailDecisionFacts } from '../testing/read-decision-facts';
import { renderDecisionEmail } from './render-email';

const ctx = { publicUrl: 'https://clearing.university.example/', ...DECISION_FACT_CONTEXT };

/**
 * The email's part of the five-surface test (the web app's decision-facts test renders the
 * script, the Saved screen, the confirmation and the status page from the same table): every
 * outcome variant's email lists exactly the facts of contracts' decisionFacts.
 */
describe('the facts a decision email lists', () => {
  it.each(DECISION_FACT_CASES.map((c) => [c.name, c.payload] as const))('%s: the facts of decisionFacts, in its order', async (_name, payload) => {
    const email = await renderDecisionEmail(payload, ctx);
    if (!email) throw new Error('every case sends an email');
    const expected = decisionFactRows(decisionFacts(decisionFactsInputOf(payload, ctx, decisionDeadline(payload.status, new Date(payload.decidedAt)))));
    const facts = readEmailDecisionFacts(email.html);
    expect(Object.keys(facts)).toEqual(expected.map((r) => r.key));
    expect(facts).toEqual(Object.fromEntries(expected.map((r) => [r.key, r.value])) as Record<DecisionFactKey, string>);
    // The plain-text part says the same.
    for (const row of expected) expect(email.text).toContain(`${row.label}: ${row.value}`);
  });

  it("gives a telephone in every email: the course's, else the Clearing team's", async () => {
    for (const { payload } of DECISION_FACT_CASES) {
      const email = await renderDecisionEmail(payload, ctx);
      const telephone = payload.course.FEEDBACK_TELEPHONE ?? DECISION_FACT_CONTEXT.clearingTeamTelephone;
      expect(readEmailDecisionFacts(email?.html ?? '').telephone).toBe(telephone);
      expect(email?.text).toContain(`call our Clearing team on ${telephone}`);
    }
  });
});
