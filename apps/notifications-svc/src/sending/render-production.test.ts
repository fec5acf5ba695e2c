import { execFile } from 'node:child_process';
import path from 'node:path';
import { createDecisionEmailPayload } from '@clearing-desk/contracts/testing';
import type { DecisionEmailPayload } from '@clearing-desk/contracts';
import type { RenderContext, RenderedEmail } from './render-email';

const appDir = path.resolve(__dirname, '../..');
const ctx: RenderContext = { publicUrl: 'https://clearing.university.example/', institutionCode: 'Z99', clearingTeamTelephone: '020 7040 4000' };
const staff = { source: 'staff' as const, previousStatus: 'S' as const, subStatus: null, decidedAt: '2025-08-14T15:00:00.000Z' };
/** One payload of every email kind: automatic offer, received, rejection, and each adviser decision. */
const payloads: DecisionEmailPayload[] = [
  createDecisionEmailPayload(),
  createDecisionEmailPayload({ status: 'S', subStatus: null }),
  createDecisionEmailPayload({
    status: 'X',
    subStatus: 'AX',
    rejectionReasons: ['Effective UCAS points 64 are below the accepted tariff of 112.'],
    recommendedCourses: [{ UCAS_CODE: 'G401', COURSE_TITLE: 'Computing', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: null }],
  }),
  createDecisionEmailPayload({ ...staff, status: 'O', subStatus: 'OR' }),
  createDecisionEmailPayload({
    ...staff,
    status: 'I',
    interview: { INTERVIEW_DATE: '2025-08-19', INTERVIEW_TIME: '10:30', INTERVIEW_VENUE: 'Room A101, University Building' },
  }),
  createDecisionEmailPayload({ ...staff, status: 'R' }),
  createDecisionEmailPayload({ ...staff, status: 'P' }),
  createDecisionEmailPayload({ ...staff, status: 'W' }),
];

/** Renders the payloads in a Node process of its own with `NODE_ENV` set as given. */
function renderInChild(nodeEnv: string): Promise<{ emails: (RenderedEmail | null)[]; reactBuilds: string[] }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', path.join(appDir, 'src/testing/render-in-production.ts')],
      { cwd: appDir, env: { ...process.env, NODE_ENV: nodeEnv, TSX_TSCONFIG_PATH: path.join(appDir, 'tsconfig.json') }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as { emails: (RenderedEmail | null)[]; reactBuilds: string[] })),
    );
    child.stdin?.end(JSON.stringify({ payloads, ctx }));
  });
}

/**
 * The images and `npm start` run every app with NODE_ENV=production (docs/adr/0006), so React
 * Email renders with React's production builds there and with its development builds under
 * `nx serve` and the tests: every decision email must come out of the production build, the same
 * as from the development build the other tests read.
 */
describe('decision emails rendered with NODE_ENV=production', () => {
  it('use the production builds of React and React DOM and render every email as the development builds do', async () => {
    const production = await renderInChild('production');
    expect(production.reactBuilds.length).toBeGreaterThan(0);
    expect(production.reactBuilds.filter((file) => !file.includes('.production.'))).toEqual([]);

    const development = await renderInChild('development');
    expect(development.reactBuilds.filter((file) => !file.includes('.development.'))).toEqual([]);

    expect(production.emails.map((email) => email?.kind)).toEqual(['OFFER', 'RECEIVED', 'REJECT', 'OFFER', 'INVITE', 'REFER', 'POOL', 'WITHDRAWN']);
    expect(production.emails).toEqual(development.emails);
  });
});
