import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { apiPath } from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/** Subject access through the real gateway: one zip with every service's rows of the person and a readable index. */
let directory: Directory;
let stack: Stack;
const dir = mkdtempSync(path.join(tmpdir(), 'subject-access-'));

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files', 'notifications'], directoryUrl: directory.url });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/admin/subject-access.zip', () => {
  it('gives an Administrator one archive of everything held about the person, with its index', async () => {
    const EMAIL = 'subject.gateway@example.com';
    const client = new StackClient(stack.gatewayUrl);
    await client.get(apiPath('ping'));
    const form = {
      ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
      EMAIL,
      UCAS_PERSONAL_ID: '7600000001',
      SUBMISSION_ID: randomUUID(),
    };
    expect((await client.send('POST', apiPath('apply', { course: 'G400' }), form)).status).toBe(200);

    const admin = await staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password)('admin');
    const res = await fetch(`${stack.gatewayUrl}${apiPath('deskSubjectAccess')}?email=${encodeURIComponent(EMAIL)}`, {
      headers: { cookie: (admin as unknown as { cookieHeader: () => string }).cookieHeader() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zipPath = path.join(dir, 'export.zip');
    writeFileSync(zipPath, Buffer.from(await res.arrayBuffer()));
    execFileSync('unzip', ['-q', zipPath, '-d', dir]);
    const index = readFileSync(path.join(dir, 'index.txt'), 'utf8');
    expect(index).toContain('Subject access export: everything Clearing Desk holds about this person');
    expect(index).toContain(`Asked for: ${EMAIL}`);
    expect(index).toMatch(/applications\/students\.json: 1 row \(/);
    expect(index).toMatch(/applications\/applications\.json: 1 row/);
    expect(index).toMatch(/notifications\/emails\.json: \d+ row/);
    expect(index).toMatch(/files\/files\.json: 0 rows/);
    const students = JSON.parse(readFileSync(path.join(dir, 'applications', 'students.json'), 'utf8')) as Record<string, unknown>[];
    expect(students[0]).toMatchObject({ email: EMAIL, ucasPersonalId: '7600000001' });

    const frontOffice = await staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password)('frontoffice');
    expect((await frontOffice.get(`${apiPath('deskSubjectAccess')}?email=${encodeURIComponent(EMAIL)}`)).status).toBe(403);
    expect((await admin.get(`${apiPath('deskSubjectAccess')}?email=nobody%40example.com`)).status).toBe(404);
  }, 60_000);
});
