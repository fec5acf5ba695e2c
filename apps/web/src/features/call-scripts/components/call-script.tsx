import { DECISION_FACT_ATTRIBUTE, SCRIPT_HEADINGS, type CallScript as CallScriptData } from '@clearing-desk/contracts';
import { FactList } from '@clearing-desk/ui';
import { useId } from 'react';
import { ScriptHtml } from './script-html';

/**
 * The scripting area (spec sections 1, 2 and 4): version and intake year, the Script heading,
 * greeting and standing prompts, the notes (no UCAS ID, under 18, second year), then the
 * status-specific script. Everything comes pre-rendered (and escaped) from `buildCallScript`.
 * `live` (default true) announces a changed outcome to screen readers; a second copy (live false)
 * keeps its headings but is no landmark, so 'Notes' and 'What to say' stay unique regions (axe
 * landmark-unique).
 */
export function CallScript({ script, live = true }: { script: CallScriptData; live?: boolean }) {
  // Ids of its own: the panel and the Review tab may both show a script.
  const id = useId();
  const Part = live ? 'section' : 'div';
  return (
    <div className="cd-call-script">
      <h3 className="cd-heading-s" id={`${id}-script`}>
        {SCRIPT_HEADINGS.SCRIPT}
      </h3>
      <p className="cd-body-s cd-call-script__meta">
        {script.cycleLabel} · Script version {script.version}
      </p>
      {script.trainingIntro && <ScriptHtml html={script.trainingIntro} />}
      <ScriptHtml html={script.greeting} className="cd-call-script__greeting" />
      {script.startDate && <ScriptHtml html={script.startDate} />}
      <ScriptHtml html={script.dataProtection} />
      {script.englishEvidence && <ScriptHtml html={script.englishEvidence} />}
      {script.notes.length > 0 && (
        <Part aria-labelledby={live ? `${id}-notes` : undefined} className="cd-call-script__notes">
          <h4 className="cd-heading-s" id={`${id}-notes`}>
            {SCRIPT_HEADINGS.NOTES}
          </h4>
          {script.notes.map((note) => (
            <div key={note.id} data-note={note.id} className="cd-call-script__note">
              {note.paragraphs.map((p, i) => (
                <ScriptHtml key={i} html={p} />
              ))}
            </div>
          ))}
        </Part>
      )}
      {/* Announced when the status changes; a second copy (the Review tab's) stays quiet. */}
      <Part aria-labelledby={live ? `${id}-outcome` : undefined} aria-live={live ? 'polite' : undefined} data-variant={script.choice.outcome ?? ''}>
        <h4 className="cd-heading-s" id={`${id}-outcome`}>
          {SCRIPT_HEADINGS.OUTCOME}
        </h4>
        {script.outcome.length === 0 ? <p className="cd-body">{SCRIPT_HEADINGS.NO_OUTCOME}</p> : script.outcome.map((p, i) => <ScriptHtml key={i} html={p} />)}
        {script.facts.length > 0 && (
          <>
            <h5 className="cd-heading-s">{SCRIPT_HEADINGS.READ_BACK}</h5>
            <FactList rows={script.facts} attribute={DECISION_FACT_ATTRIBUTE} />
          </>
        )}
      </Part>
    </div>
  );
}
