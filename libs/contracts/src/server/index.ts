/**
 * Rules that only run in Node (the services, and the web app's server rendering): kept out of the
 * main entry so the browser bundle never carries their libraries.
 */
export * from './sanitize-course-notes';
export * from './working-days';
export * from './course-requirements-hash';
export * from './cycle-config';
