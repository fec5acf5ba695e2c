import { applicationsHandlers } from './applications';
import { applicationsDeskHandlers } from './applications-desk';
import { auditHandlers } from './audit';
import { authHandlers } from './auth';
import { clearingStatusSettingsHandlers } from './clearing-status-settings';
import { clearingStatusHandlers } from './clearing-status';
import { coursesHandlers } from './courses';
import { dataProtectionHandlers } from './data-protection';
import { decisionReviewHandlers } from './decision-reviews';
import { callbackRequestHandlers, callbacksHandlers } from './callbacks';
import { eventApiKeysHandlers } from './event-api-keys';
import { webhooksHandlers } from './webhooks';
import { filesHandlers } from './files';
import { scenariosHandlers } from './scenarios';
import { wallboardHandlers } from './wallboard';

export const handlers = [
  ...authHandlers,
  ...clearingStatusHandlers,
  ...clearingStatusSettingsHandlers,
  ...coursesHandlers,
  ...applicationsHandlers,
  ...applicationsDeskHandlers,
  ...filesHandlers,
  ...scenariosHandlers,
  ...decisionReviewHandlers,
  ...callbacksHandlers,
  ...callbackRequestHandlers,
  ...auditHandlers,
  ...wallboardHandlers,
  ...dataProtectionHandlers,
  ...eventApiKeysHandlers,
  ...webhooksHandlers,
];
