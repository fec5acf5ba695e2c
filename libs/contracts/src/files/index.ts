/** Document uploads (spec sections 3, 5, 7, 8): formats, messages, metadata, routes. */
export * from './accepted-types';
export * from './upload-messages';
export * from './file-metadata';
export * from './file-routes';
