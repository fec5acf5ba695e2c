/** Call scripts (spec sections 1, 4 and 9; domain.md "Call scripts"). */
export * from './script-texts';
export * from './nationality';
export * from './render-script';
export * from './choose-script';
export * from './build-call-script';
export * from './read-back';
