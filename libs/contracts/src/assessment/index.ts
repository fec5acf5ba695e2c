/** Assessment contracts (domain.md "Tariff points", "Traffic light", "Submit buttons"). */
export * from './assessment';
export * from './assess-form';
export * from './assess-request';
export * from './qual-option-index';
export * from './validate-qualification-items';
export * from './resits';
export * from './points-light';
