import type { CoursesRepository } from '../../plugins/app/courses-repository';
import { demoCatalogue } from './demo-catalogue';

/**
 * Loads the demo catalogue of intake `intakeYear` into an empty course table (one transaction,
 * CoursesRepository.importCatalogue) and answers how many courses it loaded: 0 when the table
 * already holds courses, so a second run changes nothing. Only the seeding path calls it (the
 * `seed` command that `npm start`, the test stacks and docker/compose.yaml run, and the service
 * tests): the catalogue is not part of the service's own bundle.
 */
export async function seedDemoCatalogue(repository: Pick<CoursesRepository, 'isEmpty' | 'importCatalogue'>, intakeYear: string): Promise<number> {
  if (!(await repository.isEmpty())) return 0;
  return repository.importCatalogue(demoCatalogue(intakeYear));
}
