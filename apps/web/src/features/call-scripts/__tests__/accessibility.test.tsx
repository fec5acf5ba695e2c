import { createCourse } from '@clearing-desk/contracts/testing';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { createAssessment } from '@/testing/mocks/applications';
import { DeskLayout, FeedbackPanel, StaffReview } from '..';

// jsdom cannot compute colours, so colour contrast is left to the Playwright axe checks.
const run = async (container: HTMLElement) => {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe('call scripts accessibility (axe-core)', () => {
  it('finds no WCAG 2.2 A/AA violation in the desk layout with the panel and the staff review', async () => {
    const course = createCourse();
    const { container } = render(
      <main>
        <h1>Edit application</h1>
        <DeskLayout
          form={
            <StaffReview
              complete
              qualifications={[{ QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'B', YEAR: '2025' }]}
              qualOptions={[]}
              script={<p>Script follows in the panel.</p>}
            />
          }
          panel={
            <FeedbackPanel
              assessment={createAssessment({ OVER18: 0, TRAFFIC_LIGHT: 'A', EXPLANATION: [{ STATUS: 'A', MESSAGE: 'Below the advertised tariff.' }] })}
              form={{ NAME1: 'Ann', NAME2: 'Smith', NATIONALITY: 'IND', SECOND_YEAR_ENTRY: '1', APPLIED_TO_UCAS: '0' }}
              course={course}
              access="Back Office"
              status="R"
              log={[{ TIME: '2025-08-14T09:00:00Z', USER: 'adviser1', MESSAGE: 'Created', STATUS: 'S' }]}
              outboundCall={<button type="button">Outbound Call</button>}
            />
          }
        />
      </main>,
    );
    expect(await run(container)).toEqual([]);
  });
});
