/**
 * Path templates of endpoints and pages, without zod (the web's first screen builds its URLs from
 * these and must not load zod, ADR 0003). A template uses Fastify's and react-router's syntax:
 * `:name` stands for one path segment.
 */

/** The parameter names of a template, e.g. 'student' | 'course' for '/desk/applications/:student/:course'. */
export type ParamsOf<T extends string> = T extends `${string}:${infer P}/${infer Rest}`
  ? P | ParamsOf<`/${Rest}`>
  : T extends `${string}:${infer P}`
    ? P
    : never;

/** The values of a template's parameters (numbers are written in base 10). */
export type PathParams<T extends string> = Record<ParamsOf<T>, string | number>;

/**
 * The parameter values fillPath takes for `T`: none without `:name` segments, each of them
 * otherwise; any values for a template only known as `string`.
 */
export type FillPathArgs<T extends string> = string extends T ? [Record<string, string | number>?] : [ParamsOf<T>] extends [never] ? [] : [PathParams<T>];

/**
 * `template` with each `:name` replaced by its value, URL-encoded, e.g.
 * fillPath('/courses/:id', { id: 'G400' }) is '/courses/G400'. A missing value becomes ''; a
 * template only known as `string` takes any values.
 */
export function fillPath<T extends string>(template: T, ...[params]: FillPathArgs<T>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}
