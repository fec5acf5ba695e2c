import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema, auditListSchema } from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { staffClients, startTestStack } from '../../testing/stack-client';

/** The audit trail of staff access through the real gateway and applications-svc. */
const COURSE = 'G400';
let directory: Directory;
let stack: Stack;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'], directoryUrl: directory.url });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

describe('the audit trail', () => {
  it("shows an Administrator another adviser's read (who, when, which screen) beside the changes, and exports it with the sign-ins", async () => {
    const data = {
      ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
      EMAIL: 'audit.caller@example.com',
      UCAS_PERSONAL_ID: '7400000001',
      SUBMISSION_ID: randomUUID(),
      STATUS: 'O',
    };
    const created = await (await as('backoffice')).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), data);
    expect(created.status).toBe(200);
    const [student] = applyResponseSchema.parse(created.body).id;
    const before = Date.now();
    expect((await (await as('frontoffice')).get(apiPath('deskApplication', { student, course: COURSE }))).status).toBe(200);

    const audit = await (await as('admin')).get(apiPath('deskApplicationAudit', { student, course: COURSE }));
    expect(audit.status).toBe(200);
    const { rows } = auditListSchema.parse(audit.body);
    const read = rows.find((r) => r.ACTION === 'READ' && r.USER === 'frontoffice');
    expect(read).toMatchObject({ SCREEN: 'application', APPLICATION: `${student}/${COURSE}` });
    expect(Date.parse(read!.AT)).toBeGreaterThanOrEqual(before - 1000);
    expect(rows.some((r) => r.ACTION === 'WRITE' && r.USER === 'backoffice')).toBe(true);

    // Only Administrators see it.
    const refused = await (await as('frontoffice')).get(apiPath('deskApplicationAudit', { student, course: COURSE }));
    expect(refused).toMatchObject({ status: 403, body: { message: 'Only an Administrator can see the audit.' } });

    const csv = await (await as('admin')).get(`${apiPath('deskAuditCsv')}?_=1`);
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text.split('\r\n')[0]).toBe('AT,USER,ACTION,SCREEN,APPLICATION,DETAIL');
    expect(text).toMatch(/"frontoffice","READ","application","[^"]+\/G400",""/);
    expect(text).toMatch(/"backoffice","SIGN_IN","","","directory: Back Office \(all\)"/);
    expect(text).toContain('"admin","SIGN_IN"');
    expect((await (await as('frontoffice')).get(`${apiPath('deskAuditCsv')}?_=1`)).status).toBe(403);
  }, 60_000);
});
