import { applicationsHandlers } from './applications';
import { applicationsDeskHandlers } from './applications-desk';
import { auditHandlers } from './audit';
import { authHandlers } from './auth';
import { clearingSettingsHandlers } from './clearing-settings';
import { clearingStatusHandlers } from './clearing-status';
import { coursesHandlers } from './courses';
import { decisionReviewHandlers } from './decision-reviews';
import { filesHandlers } from './files';
import { scenariosHandlers } from './scenarios';

export const handlers = [
  ...authHandlers,
  ...clearingStatusHandlers,
  ...clearingSettingsHandlers,
  ...coursesHandlers,
  ...applicationsHandlers,
  ...applicationsDeskHandlers,
  ...filesHandlers,
  ...scenariosHandlers,
  ...decisionReviewHandlers,
  ...auditHandlers,
];
