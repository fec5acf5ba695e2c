import type { ApplicationFormShell } from './application-form-shell';

let loading: Promise<typeof ApplicationFormShell> | undefined;
let loaded: typeof ApplicationFormShell | undefined;

/**
 * Loads the application form's wrapper (application-form-shell.tsx, with the form's state and rules) once.
 * The router loads it with the form's pages (a step, the confirmation), so the course wrapper has
 * it at hand when one of them renders; the course information page never waits for it.
 */
export function loadApplicationFormShell(): Promise<typeof ApplicationFormShell> {
  loading ??= import('./application-form-shell').then((module) => (loaded = module.ApplicationFormShell));
  return loading;
}

/** The application form's wrapper if loadApplicationFormShell has loaded it, else undefined. */
export const loadedApplicationFormShell = (): typeof ApplicationFormShell | undefined => loaded;
