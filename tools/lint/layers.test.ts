import path from 'node:path';
import { ESLint } from 'eslint';
import { REPO_ROOT } from '@clearing-desk/stack';

// The Nx boundary rule needs a project graph the test does not build (and is not what is tested here).
const eslint = new ESLint({ cwd: REPO_ROOT, overrideConfig: { rules: { '@nx/enforce-module-boundaries': 'off' } } });

/** The no-restricted-paths messages ESLint gives `code` as if it were the file at `file` (repo-relative). */
async function restrictedPaths(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

/**
 * The lint configuration holds the architecture (eslint.config.mjs): libs/contracts in layers
 * (a module may not import a layer above its own) and apps/web's features apart (a feature may
 * not import another). Each case lints a deliberate import through ESLint's API.
 */
describe('lint zones', () => {
  it('contracts: a rule importing from an area schema (a layer above) fails', async () => {
    const messages = await restrictedPaths(
      'libs/contracts/src/rules/zone-probe.ts',
      "import { DESK_MESSAGES } from '../applications/desk';\nexport const probe = DESK_MESSAGES;\n",
    );
    expect(messages).toEqual([expect.stringContaining('libs/contracts layers: rules may not import a layer above it')]);
  });

  it('contracts: common importing from endpoints fails; an area importing rules and vocabulary passes', async () => {
    expect(await restrictedPaths('libs/contracts/src/common/zone-probe.ts', "export { API_ENDPOINTS } from '../endpoints/api-endpoints';\n")).toHaveLength(1);
    expect(
      await restrictedPaths(
        'libs/contracts/src/applications/zone-probe.ts',
        "export { STATUS_RULE_MESSAGES } from '../rules/status-buttons';\nexport { APPLICATION_STATUSES } from '../status/status-codes';\n",
      ),
    ).toEqual([]);
  });

  it('contracts: a test may import from any layer (its fixtures live in testing/)', async () => {
    expect(await restrictedPaths('libs/contracts/src/rules/zone-probe.test.ts', "export { createCourse } from '../testing';\n")).toEqual([]);
  });

  it('web: a feature importing another feature fails; a feature importing lib, and the app importing features, pass', async () => {
    const messages = await restrictedPaths(
      'apps/web/src/features/application-status/zone-probe.ts',
      "export { createFormValues } from '@/features/application-form/utils/form-values';\n",
    );
    expect(messages).toEqual([expect.stringContaining('A web feature may not import another feature')]);
    expect(await restrictedPaths('apps/web/src/features/application-status/zone-probe.ts', "export * from '@/lib/api-client';\n")).toEqual([]);
    expect(
      await restrictedPaths('apps/web/src/app/routes/zone-probe.ts', "export { createFormValues } from '@/features/application-form/utils/form-values';\n"),
    ).toEqual([]);
  });

  it('web: shared code importing a feature fails', async () => {
    expect(
      await restrictedPaths('apps/web/src/lib/zone-probe.ts', "export { createFormValues } from '@/features/application-form/utils/form-values';\n"),
    ).toEqual([expect.stringContaining('Shared web code')]);
  });
});
