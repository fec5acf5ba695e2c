/** Application form and application contracts (spec sections 3, 5, 7, 8). */
export * from './countries';
export * from './visa-types';
export * from './validation-messages';
export * from './application-fields';
export * from './document-fields';
export * from './validate-application-form';
export * from './application';
export * from './decide-public-outcome';
export * from './submit-steps';
export * from './validate-submission';
export * from './decision-facts';
export * from './store-application';
export * from './submission-id';
export * from './desk';
export * from './desk-texts';
export * from './form-guard';
export * from './presence';
