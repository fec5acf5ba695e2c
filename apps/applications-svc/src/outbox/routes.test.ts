import { OUTBOX_KINDS } from '@clearing-desk/contracts';
import { APPLICATIONS_OUTBOX_ROUTES } from './routes';

describe("applications-svc's outbox routes", () => {
  it('route every queued kind this service writes (all but application events and courses-svc course control)', () => {
    const written = Object.values(OUTBOX_KINDS).filter((kind) => kind !== OUTBOX_KINDS.APPLICATION_EVENT && kind !== OUTBOX_KINDS.COURSE_CONTROL);
    expect(Object.keys(APPLICATIONS_OUTBOX_ROUTES).sort()).toEqual([...written].sort());
  });
});
