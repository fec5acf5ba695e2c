/**
 * Public entry `@clearing-desk/scenarios-svc/seed`: the demo scenarios, for the tools that check
 * them against the demo catalogue and the assessment engine (tools/seed-check).
 */
export { demoScenarioSeeds, demoScenarios, type DemoScenarioSeed } from './db/seed/demo-scenarios';
