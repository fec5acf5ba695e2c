import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's landmark rules (best practice, not WCAG tags): one main, banner and footer; each landmark named uniquely. */
const LANDMARK_RULES = [
  'landmark-unique',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-main-is-top-level',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-complementary-is-top-level',
];

const summarise = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] =>
  violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/**
 * Fails with the rule ids and targets when axe-core finds any WCAG 2.2 A/AA violation; with
 * `landmarks`, any duplicated or misplaced landmark too. `label` names the
 * screen in the failure.
 */
export async function expectNoAxeViolations(page: Page, { landmarks = false, label }: { landmarks?: boolean; label?: string } = {}) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
  const summary = summarise(results.violations);
  if (landmarks) summary.push(...summarise((await new AxeBuilder({ page }).withRules(LANDMARK_RULES).analyze()).violations));
  expect(summary, label).toEqual([]);
}
