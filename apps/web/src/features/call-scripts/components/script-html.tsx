import type { ElementType } from 'react';

type ScriptHtmlProps = { html: string; as?: ElementType; className?: string };

/**
 * Shows one text rendered by `renderScript` from contracts. That renderer escapes the template and
 * every value it inserts, so its output holds no markup of its own: setting it as HTML only turns
 * the entities back into the characters the caller typed (a name with `<b>` shows as text).
 */
export function ScriptHtml({ html, as: Tag = 'p', className }: ScriptHtmlProps) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
