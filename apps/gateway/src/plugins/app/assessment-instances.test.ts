import { apiPath, assessResponseSchema } from '@clearing-desk/contracts';
import { createAssessForm } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

/**
 * On the real stack: two assessment-svc processes behind one gateway
 * (ASSESSMENT_URL=a,b). With one of them stopped, every assessment is still answered.
 */
let stack: Stack;
let client: StackClient;

beforeAll(async () => {
  stack = await startTestStack({ instances: { assessment: 2 } });
  client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping')); // XSRF cookies
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const assess = async () => {
  const res = await client.send('POST', apiPath('assess', { course: 'G400' }), createAssessForm());
  expect(res.status).toBe(200);
  return assessResponseSchema.parse(res.body).result;
};

/** Waits until the process has exited (the state the test needs, not a fixed time). */
async function exited(pid: number) {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('assessment-svc at two URLs behind the gateway', () => {
  it('starts two instances and answers through both; with one stopped, every call is still answered', async () => {
    expect(stack.instanceUrls.assessment).toHaveLength(2);
    const pids = stack.instancePids('assessment');
    expect(pids).toEqual([expect.any(Number), expect.any(Number)]);
    const first = await assess();
    expect(first.TRAFFIC_LIGHT).toBe('G');
    for (let i = 0; i < 3; i += 1) expect(await assess()).toEqual(first);

    const stopped = pids[1] as number;
    process.kill(stopped, 'SIGKILL');
    await exited(stopped);
    // Taken in turn, half of these would go to the stopped instance: each is sent to the other one.
    for (let i = 0; i < 10; i += 1) expect(await assess()).toEqual(first);
  }, 60_000);
});
