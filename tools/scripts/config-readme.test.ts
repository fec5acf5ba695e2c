import { readFileSync } from 'node:fs';
import path from 'node:path';
import { applicationsConfigSchema } from '@clearing-desk/applications-svc/config';
import { assessmentConfigSchema } from '@clearing-desk/assessment-svc/config';
import { coursesConfigSchema } from '@clearing-desk/courses-svc/config';
import { filesConfigSchema } from '@clearing-desk/files-svc/config';
import { gatewayConfigSchema } from '@clearing-desk/gateway/config';
import { notificationsConfigSchema } from '@clearing-desk/notifications-svc/config';
import { scenariosConfigSchema } from '@clearing-desk/scenarios-svc/config';
import { REPO_ROOT } from '@clearing-desk/stack';
import { z } from 'zod';

/**
 * The root README's "Configuration" table against each app's config schema (apps/<app>/src/config.ts):
 * every variable a schema reads is in a row naming that app (or `all`), every row naming an app
 * names only variables its schema reads, and a schema's default is written in the row's Default
 * cell (a variable without a default says `required` when the schema refuses it unset). Rows of
 * the web build, the tests and the browser tests name no app schema and are not checked.
 */

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** The README's short app names (column App) and each app's schema. */
const SCHEMAS: Record<string, ObjectSchema> = {
  gateway: gatewayConfigSchema as unknown as ObjectSchema,
  courses: coursesConfigSchema as unknown as ObjectSchema,
  applications: applicationsConfigSchema as unknown as ObjectSchema,
  assessment: assessmentConfigSchema as unknown as ObjectSchema,
  files: filesConfigSchema as unknown as ObjectSchema,
  scenarios: scenariosConfigSchema as unknown as ObjectSchema,
  notifications: notificationsConfigSchema as unknown as ObjectSchema,
};

type Row = { line: number; variables: string[]; apps: string[]; defaults: string };

/**
 * The rows of the table under "## Configuration" in `file`: variables (backticked names), apps,
 * Default cell. The root README's table has an App column; an app's own README (`app` given) has
 * none: every row is that app's.
 */
function readmeRows(file = 'README.md', app?: string): Row[] {
  const lines = readFileSync(path.join(REPO_ROOT, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith('## Configuration'));
  const rows: Row[] = [];
  for (let i = start + 1; start >= 0 && i < lines.length && !lines[i]!.startsWith('## '); i += 1) {
    const line = lines[i]!;
    if (!line.startsWith('| `')) continue;
    const cells = line
      .split('|')
      .slice(1)
      .map((c) => c.trim());
    const [names = '', apps = '', defaults = ''] = app ? [cells[0], app, cells[1]] : cells;
    const variables = [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!);
    const appList = apps.split(',').map((a) => a.trim());
    rows.push({ line: i + 1, variables, apps: appList.includes('all') ? Object.keys(SCHEMAS) : appList, defaults });
  }
  return rows;
}

/** What the schema makes of the variable unset: its default, undefined (optional) or 'required'. */
function defaultOf(schema: ObjectSchema, name: string): unknown {
  const parsed = z.safeParse(schema.shape[name]!, undefined);
  return parsed.success ? parsed.data : 'required';
}

/** A default as README writes it: numbers and booleans as text, paths relative to the repository. */
function written(value: unknown): string {
  if (Array.isArray(value)) return value.map(written).join(',');
  const text = String(value);
  return text.startsWith(`${REPO_ROOT}/`) ? text.slice(REPO_ROOT.length + 1) : text;
}

const rows = readmeRows();

/** The apps whose own README has a configuration table, by the README's folder. */
const APP_READMES: Record<string, string> = {
  assessment: 'apps/assessment-svc/README.md',
  files: 'apps/files-svc/README.md',
  notifications: 'apps/notifications-svc/README.md',
  scenarios: 'apps/scenarios-svc/README.md',
};

/** Rows naming variables `app` does not read, or without the schema's default. */
function wrongRows(app: string, appRows: Row[]): string[] {
  const shape = SCHEMAS[app]!.shape;
  return appRows
    .filter((r) => r.apps.includes(app))
    .flatMap((r) =>
      r.variables.flatMap((name) => {
        if (!(name in shape)) return [`line ${r.line}: ${name} is not read by ${app}`];
        const value = defaultOf(SCHEMAS[app]!, name);
        if (value === undefined || r.defaults.includes('root README') || r.defaults.includes(written(value))) return [];
        return [`line ${r.line}: ${name}'s default ${written(value)} is not in '${r.defaults}'`];
      }),
    );
}

describe('README "Configuration" against the apps\' config schemas', () => {
  it('finds the table', () => {
    expect(rows.length).toBeGreaterThan(30);
  });

  it.each(Object.keys(SCHEMAS))('%s: every variable its schema reads has a row naming it', (app) => {
    const documented = new Set(rows.filter((r) => r.apps.includes(app)).flatMap((r) => r.variables));
    const missing = Object.keys(SCHEMAS[app]!.shape).filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(SCHEMAS))('%s: every row naming it names variables its schema reads, with their defaults', (app) => {
    expect(wrongRows(app, rows)).toEqual([]);
  });

  it.each(Object.entries(APP_READMES))("%s's own README: every row names variables its schema reads, with their defaults", (app, file) => {
    const appRows = readmeRows(file, app);
    expect(appRows.length).toBeGreaterThan(0);
    expect(wrongRows(app, appRows)).toEqual([]);
  });
});
