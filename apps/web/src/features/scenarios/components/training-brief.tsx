import type { Scenario } from '@clearing-desk/contracts';
import { SummaryList } from '@clearing-desk/ui';
import type { ReactNode } from 'react';
import { SCENARIO_DETAIL_LABELS as L, SCENARIO_SCREEN_TEXTS as T, TRAINING_TEXTS } from '../texts';
import { CallerQualifications } from './scenario-sections';
import '../scenarios.css';

/**
 * The side panel of a training call: the scenario's stage directions and
 * instruction, what the caller answers when asked (folded away, for whoever plays the caller),
 * then `script`: the call script with the training-call intro (the route supplies the call-scripts
 * panel, as features do not import each other).
 */
export function TrainingBrief({ scenario: s, script }: { scenario: Scenario; script: ReactNode }) {
  return (
    <div className="cd-training-brief">
      <section aria-labelledby="training-stage-heading" className="cd-training-brief__stage">
        <h2 className="cd-heading-m" id="training-stage-heading">
          {TRAINING_TEXTS.STAGE_DIRECTION}
        </h2>
        <p className="cd-body">{s.STAGE_DIRECTION}</p>
        {s.ADDITIONAL_INSTRUCTION.trim() && <p className="cd-body">{s.ADDITIONAL_INSTRUCTION}</p>}
        <details className="cd-training-brief__caller">
          <summary className="cd-link">{T.CALLER_SAYS}</summary>
          <div>
            <SummaryList
              rows={[
                { key: L.NAME, value: `${s.NAME1} ${s.NAME2}` },
                { key: L.DOB, value: s.DOB },
                { key: L.NATIONALITY, value: s.NATIONALITY },
                { key: L.EMAIL, value: s.EMAIL },
                { key: L.TEL1, value: s.TEL1 },
                { key: L.UCAS_PERSONAL_ID, value: s.UCAS_PERSONAL_ID || T.NONE },
                { key: L.SECOND_YEAR_ENTRY, value: s.SECOND_YEAR_ENTRY === '1' ? T.SECOND_YEAR : T.FIRST_YEAR },
              ]}
            />
            <CallerQualifications scenario={s} />
          </div>
        </details>
      </section>
      {script}
    </div>
  );
}
