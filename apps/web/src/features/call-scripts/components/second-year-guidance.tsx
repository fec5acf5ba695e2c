import { ScriptHtml } from './script-html';

/**
 * Where a copy of the guidance sits: `form` above a step's fields (always shown), `form-narrow`
 * above them only while the panel is below the form (under 1080px), `panel` at the top of the
 * panel only while it sits beside the form, sticky, so in view whatever the form's scroll.
 */
export type SecondYearGuidancePlace = 'form' | 'form-narrow' | 'panel';

/**
 * The guidance for a caller who wants only the Second Year (the paragraphs of the script's
 * second-year note, already rendered by `buildCallScript`), as an inset where the adviser looks
 * when the caller says it. `SecondYearGuidance` of feedback-panel.tsx decides
 * whether there is one.
 */
export function SecondYearGuidanceNote({ paragraphs, place }: { paragraphs: readonly string[]; place: SecondYearGuidancePlace }) {
  return (
    <div className={`cd-inset-text cd-second-year-guidance cd-second-year-guidance--${place}`} data-guidance="second-year">
      {paragraphs.map((p, i) => (
        <ScriptHtml key={i} html={p} className="cd-body" />
      ))}
    </div>
  );
}
