import { applicationsHandlers } from './applications';
import { clearingStatusHandlers } from './clearing-status';
import { coursesHandlers } from './courses';
import { filesHandlers } from './files';

export const handlers = [...clearingStatusHandlers, ...coursesHandlers, ...applicationsHandlers, ...filesHandlers];
