import { applicationsHandlers } from './applications';
import { clearingStatusHandlers } from './clearing-status';
import { coursesHandlers } from './courses';

export const handlers = [...clearingStatusHandlers, ...coursesHandlers, ...applicationsHandlers];
