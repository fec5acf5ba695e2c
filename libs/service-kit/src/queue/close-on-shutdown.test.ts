import { closeQueuesOnShutdown, QUEUE_CLOSE_MS, WORKER_CLOSE_MS } from './redis-connection';

/**
 * The one shutdown rule of BullMQ workers and queues: workers first, each waited for at most
 * WORKER_CLOSE_MS, then queues, at most QUEUE_CLOSE_MS; a close that hangs or fails never holds
 * the shutdown. The clock is Jest's: the bounds are reached by moving it, not by waiting.
 */
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const hanging = () => ({ close: jest.fn(() => new Promise<void>(() => undefined)) });

it('closes the workers before the queues, and goes on after WORKER_CLOSE_MS and QUEUE_CLOSE_MS when a close hangs', async () => {
  const order: string[] = [];
  const worker = { close: jest.fn(() => new Promise<void>(() => order.push('worker'))) };
  const queue = { close: jest.fn(() => new Promise<void>(() => order.push('queue'))) };
  let done = false;
  const closing = closeQueuesOnShutdown('test', { workers: [worker], queues: [queue] }).then(() => (done = true));
  expect(order).toEqual(['worker']);
  await jest.advanceTimersByTimeAsync(WORKER_CLOSE_MS - 1);
  expect(queue.close).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(order).toEqual(['worker', 'queue']);
  await jest.advanceTimersByTimeAsync(QUEUE_CLOSE_MS - 1);
  expect(done).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  await closing;
  expect(done).toBe(true);
});

it('passes over a close that fails, and closes every worker and queue given', async () => {
  const failing = { close: jest.fn(() => Promise.reject(new Error('Connection is closed.'))) };
  const closed = { close: jest.fn(() => Promise.resolve()) };
  const stuck = hanging();
  const closing = closeQueuesOnShutdown('test', { workers: [failing, closed], queues: [stuck, closed] });
  await jest.advanceTimersByTimeAsync(QUEUE_CLOSE_MS);
  await expect(closing).resolves.toBeUndefined();
  expect([failing.close, stuck.close].map((c) => c.mock.calls.length)).toEqual([1, 1]);
  expect(closed.close).toHaveBeenCalledTimes(2);
});
