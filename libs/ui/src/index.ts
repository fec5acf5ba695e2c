/**
 * @clearing-desk/ui: accessible widgets shared by the web screens. Styles (class names `cd-*`)
 * live in the web app (apps/web/src/styles/components.css); this library ships no CSS and has no
 * router dependency (links are plain <a> or take hrefs and callbacks).
 */
export * from './button';
export * from './checkboxes';
export * from './class-names';
export * from './confirm-dialog';
export * from './date-input';
export * from './described-by';
export * from './dialog-scope';
export * from './error-message';
export * from './error-summary';
export * from './fact-list';
export * from './file-upload';
export * from './form-group';
export * from './labelled-field';
export * from './notice';
export * from './page-size-select';
export * from './pagination';
export * from './pagination-items';
export * from './panel';
export * from './progress-bar';
export * from './radios';
export * from './scroll-to-top';
export * from './select';
export * from './skip-link';
export * from './spinner';
export * from './summary-list';
export * from './table';
export * from './tag';
export * from './text-input';
export * from './textarea';
export * from './traffic-light';
export * from './visually-hidden';
export * from './warning-text';
