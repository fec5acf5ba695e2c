import type { CourseForm } from './course-form';

let loading: Promise<typeof CourseForm> | undefined;
let loaded: typeof CourseForm | undefined;

/**
 * Loads the application form's wrapper (course-form.tsx, with the form's state and rules) once.
 * The router loads it with the form's pages (a step, the confirmation), so the course wrapper has
 * it at hand when one of them renders; the course information page never waits for it.
 */
export function loadCourseForm(): Promise<typeof CourseForm> {
  loading ??= import('./course-form').then((module) => (loaded = module.CourseForm));
  return loading;
}

/** The application form's wrapper if loadCourseForm has loaded it, else undefined. */
export const loadedCourseForm = (): typeof CourseForm | undefined => loaded;
