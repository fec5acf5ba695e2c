import type { ScenariosRepository } from '../../plugins/app/scenarios-repository';
import { demoScenarios } from './demo-scenarios';

/**
 * Loads the demo scenarios of intake `intakeYear` into an empty scenario table
 * (ScenariosRepository.importScenarios) and answers how many it loaded: 0 when the table already
 * holds scenarios, so a second run changes nothing. Only the seeding path calls it (the `seed`
 * command that `npm start`, the test stacks and docker/compose.yaml run, and the service tests):
 * the scenarios are not part of the service's own bundle.
 */
export async function seedDemoScenarios(repository: Pick<ScenariosRepository, 'isEmpty' | 'importScenarios'>, intakeYear: string): Promise<number> {
  if (!(await repository.isEmpty())) return 0;
  return repository.importScenarios(demoScenarios(intakeYear));
}
