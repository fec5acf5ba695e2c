import { DECISION_FACT_ATTRIBUTE, DECISION_FACT_LABELS, type DecisionFactKey } from '@clearing-desk/contracts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };
const decode = (html: string) => html.replace(/&(#?\w+);/g, (m, name: string) => ENTITIES[name] ?? m);

/**
 * The decision facts an email's HTML lists (each `<li data-decision-fact="key">Label: <strong>value</strong></li>`),
 * as key -> value, so a test compares them with another surface's.
 */
export function readEmailDecisionFacts(html: string): Partial<Record<DecisionFactKey, string>> {
  const facts: Partial<Record<DecisionFactKey, string>> = {};
  const item = new RegExp(`<li[^>]*${DECISION_FACT_ATTRIBUTE}="(\\w+)"[^>]*>([\\s\\S]*?)</li>`, 'g');
  for (const [, key, inner] of html.matchAll(item)) {
    const text = decode((inner ?? '').replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '')).trim();
    const label = DECISION_FACT_LABELS[key as DecisionFactKey];
    facts[key as DecisionFactKey] = text.startsWith(`${label}:`) ? text.slice(label.length + 1).trim() : text;
  }
  return facts;
}
