import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema } from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from './testing/stack-client';

/**
 * The log scan (architecture.md "Data": logs carry no personal data): every line every process of
 * a real stack writes, at info level with every request logged, while a member of the public
 * applies (with the applied check's email in its query string) and an adviser takes a call,
 * searches for the caller and reads the application. No line may hold an e-mail address, a name
 * or a UCAS Personal ID of theirs.
 */
const COURSE = 'G400';
const lines: { name: string; line: string }[] = [];
let directory: Directory;
let stack: Stack;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: ['courses', 'applications', 'assessment', 'files', 'notifications'],
    directoryUrl: directory.url,
    env: { LOG_LEVEL: 'info', LOG_REQUEST_SAMPLE: '1' },
    onLogLine: (name, line) => lines.push({ name, line }),
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

const person = (n: number) => ({
  NAME1: `Quillon${n}`,
  NAME2: `Farthingale${n}`,
  EMAIL: `quillon.farthingale.${n}@example.com`,
  UCAS_PERSONAL_ID: String(8123456700 + n),
});

const form = (p: ReturnType<typeof person>) => ({
  ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
  ...p,
  SUBMISSION_ID: randomUUID(),
});

describe('no personal data in any service log', () => {
  it('a full public application and a staff call leave no email address, name or UCAS ID in any log line', async () => {
    const publicPerson = person(1);
    const caller = person(2);

    const client = new StackClient(stack.gatewayUrl);
    await client.get(apiPath('ping'));
    const applied = await client.get(
      `${apiPath('applied', { ucasCode: COURSE })}?email=${encodeURIComponent(publicPerson.EMAIL)}&ucas_personal_id=${publicPerson.UCAS_PERSONAL_ID}&_=${Date.now()}`,
    );
    expect(applied.status).toBe(200);
    const submitted = await client.send('POST', apiPath('apply', { course: COURSE }), form(publicPerson));
    expect(submitted.status).toBe(200);
    const { hash } = applyResponseSchema.parse(submitted.body);
    expect((await client.get(apiPath('application', { hash }))).status).toBe(200);
    // A refused repeat (409) is logged with its message.
    expect((await client.send('POST', apiPath('apply', { course: COURSE }), form(publicPerson))).status).toBe(409);

    const backOffice = await staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password)('backoffice');
    const taken = await backOffice.send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), { ...form(caller), STATUS: 'O' });
    expect(taken.status).toBe(200);
    const [studentId] = applyResponseSchema.parse(taken.body).id;
    const search = await backOffice.get(`${apiPath('deskStudents')}?NAME1=${caller.NAME1}&NAME2=${caller.NAME2}&EMAIL=${encodeURIComponent(caller.EMAIL)}&_=1`);
    expect(search.status).toBe(200);
    expect((await backOffice.get(`${apiPath('deskApplications')}?q=${encodeURIComponent(caller.EMAIL)}`)).status).toBe(200);
    expect((await backOffice.get(apiPath('deskApplication', { student: studentId, course: COURSE }))).status).toBe(200);

    // Both emails go out (their sending is logged by notifications-svc).
    const deadline = Date.now() + 30_000;
    while (lines.filter((l) => l.name === 'notifications' && l.line.includes('email sent')).length < 2) {
      if (Date.now() > deadline) throw new Error('the two emails were never sent');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const services = new Set(lines.map((l) => l.name));
    for (const name of ['gateway', 'applications', 'courses', 'assessment', 'notifications']) expect(services).toContain(name);
    // The requests were logged, with their query strings redacted.
    expect(lines.some((l) => l.name === 'gateway' && l.line.includes('/applied?email=[redacted]&ucas_personal_id=[redacted]'))).toBe(true);
    const personal = [publicPerson, caller].flatMap((p) => [p.NAME1, p.NAME2, p.EMAIL, encodeURIComponent(p.EMAIL), p.UCAS_PERSONAL_ID]);
    const leaks = lines.filter((l) => personal.some((value) => l.line.includes(value)));
    expect(leaks).toEqual([]);
  }, 120_000);
});
