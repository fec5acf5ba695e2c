import {
  noPlaceRefusal,
  offerWithoutPlace,
  PLACES_MESSAGES,
  type ApplicationStatus,
  type CourseDetailResponse,
  type SubmitFactsResponse,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import { refuse } from './context';

/**
 * Every place check of the submit steps, in one module: applications-svc takes (and returns) the
 * place itself in the store's transaction; these only refuse early and hand it the seed.
 */

/** The public submit: 409 COURSE_CLOSED when the ledger has no place left and the key is not stored (contracts' noPlaceRefusal). */
export function refuseNoPlaceLeft(facts: Pick<SubmitFactsResponse, 'placesLeft' | 'stored'>): void {
  refuse(noPlaceRefusal(facts));
}

/**
 * 409 NO_PLACE_LEFT for a staff offer on a course with no place left (contracts offerWithoutPlace),
 * ahead of the status rule's 403: the adviser's form still showed O (the place went while it was
 * open), so it is told why and re-assesses. An Administrator's unconfirmed offer goes on to
 * applications-svc, whose guard answers the same.
 */
export function refuseOfferWithoutPlace(detail: CourseDetailResponse, current: ApplicationStatus | null, requested: ApplicationStatus | undefined): void {
  if (offerWithoutPlace(detail.access, current, requested, detail.courseData.VACANCIES_INTERNAL)) throw new HttpError(409, PLACES_MESSAGES.NO_PLACE_LEFT);
}

/** The places the ledger starts from the first time it sees the course (the course's VACANCIES_INTERNAL). */
export function placesSeed(detail: CourseDetailResponse): number {
  return detail.courseData.VACANCIES_INTERNAL;
}
