import { demoScenarios } from '@clearing-desk/scenarios-svc/seed';
import { FAULT_SERVICES, planRehearsal, resultsDayCurve, workloadOf, type PlanOptions } from './plan';

const scenarios = demoScenarios();
const options: PlanOptions = { seed: 7, durationSeconds: 120, peakPerMinute: 20, multiples: [1, 3], classSize: 12, advisers: 2, think: 0.2 };

describe('planRehearsal', () => {
  it('gives the same workload for the same seed (applicants, calls, decisions, fault)', () => {
    expect(workloadOf(planRehearsal(options, scenarios))).toEqual(workloadOf(planRehearsal({ ...options }, scenarios)));
    // What the command passes besides (its folder, a running stack's URL) is not part of the workload.
    const command = { ...options, outDir: '/tmp/x', url: 'http://localhost:3000' } as PlanOptions;
    expect(workloadOf(planRehearsal(command, scenarios))).toEqual(workloadOf(planRehearsal(options, scenarios)));
  });

  it('gives another workload for another seed', () => {
    const a = workloadOf(planRehearsal(options, scenarios));
    const b = workloadOf(planRehearsal({ ...options, seed: 8 }, scenarios));
    expect(b.applicants.map((x) => [x.atMs, x.course, x.grades])).not.toEqual(a.applicants.map((x) => [x.atMs, x.course, x.grades]));
    expect(b.calls).not.toEqual(a.calls);
  });

  it('puts the school class behind one address, everyone else behind their own', () => {
    const plan = planRehearsal(options, scenarios);
    const pupils = plan.applicants.filter((a) => a.inClass);
    expect(pupils).toHaveLength(12);
    expect(new Set(pupils.map((p) => p.address))).toEqual(new Set([plan.classAddress]));
    const others = plan.applicants.filter((a) => !a.inClass).map((a) => a.address);
    expect(new Set(others).size).toBe(others.length);
    expect(new Set(plan.applicants.map((a) => a.email)).size).toBe(plan.applicants.length);
  });

  it('sends about three times the applicants in the 3x leg, on the results-day curve', () => {
    const plan = planRehearsal({ ...options, durationSeconds: 1200, classSize: 0 }, scenarios);
    const inLeg = (leg: number) => plan.applicants.filter((a) => a.leg === leg).length;
    expect(inLeg(1) / inLeg(0)).toBeGreaterThan(2.2);
    expect(inLeg(1) / inLeg(0)).toBeLessThan(3.8);
    expect(plan.applicants.every((a, i) => i === 0 || plan.applicants[i - 1]!.atMs <= a.atMs)).toBe(true);
    expect([resultsDayCurve(0), resultsDayCurve(0.3), resultsDayCurve(1)]).toEqual([0.15, 1, 0.4]);
  });

  it('kills one of the services in the middle fifth of the run, and takes callers from the training scenarios', () => {
    const plan = planRehearsal(options, scenarios);
    expect(FAULT_SERVICES).toContain(plan.fault.service);
    expect(plan.fault.atMs).toBeGreaterThanOrEqual(48_000);
    expect(plan.fault.atMs).toBeLessThanOrEqual(72_000);
    const ids = new Set(scenarios.map((s) => s.SCENARIO_ID));
    const phoned = plan.advisers.flatMap((a) => a.calls).filter((c) => c.kind === 'phone-application');
    for (const call of phoned) expect(ids.has(call.scenarioId)).toBe(true);
  });

  it('refuses a run with no leg or too short', () => {
    expect(() => planRehearsal({ ...options, multiples: [] }, scenarios)).toThrow('multiples: one or more positive numbers');
    expect(() => planRehearsal({ ...options, durationSeconds: 10 }, scenarios)).toThrow('duration: at least 30 seconds');
  });
});
