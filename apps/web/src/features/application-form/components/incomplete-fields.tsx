import { FORM_INCOMPLETE, type FormError, type FormSection } from '@clearing-desk/contracts';
import { WarningText } from '@clearing-desk/ui';
import { Link } from 'react-router-dom';
import type { ApplicationStepId } from '@/config/paths';
import { stepOfSection } from '../steps';
import { FORM_TEXTS } from '../texts';
import { errorSummaryText } from '../utils/error-text';
import { errorTargetId } from '../utils/field-ids';
import { useApplicationForm } from './application-form-provider';

const SECTIONS: readonly FormSection[] = ['personal-details', 'qualifications'];

type IncompleteFieldsProps = {
  errors: readonly FormError[];
  getStepHref: (step: ApplicationStepId, fieldId?: string) => string;
};

/**
 * The submit step's 'Some fields are incomplete.' warning (spec section 2): the errors grouped
 * into personal details and qualifications, each group linking to its tab and each error to its
 * field there; group items are numbered.
 */
export function IncompleteFields({ errors, getStepHref }: IncompleteFieldsProps) {
  const { audience } = useApplicationForm();
  if (errors.length === 0) return null;
  return (
    <div className="cd-incomplete" id="incomplete-fields">
      <WarningText>{FORM_INCOMPLETE}</WarningText>
      <p className="cd-body">{FORM_TEXTS.INCOMPLETE_HINT}</p>
      {SECTIONS.map((section) => {
        const inSection = errors.filter((e) => e.section === section);
        if (inSection.length === 0) return null;
        const step = stepOfSection(section);
        return (
          <div key={section} className="cd-incomplete__section">
            <h2 className="cd-heading-s">
              <Link className="cd-link" to={getStepHref(step.id)}>
                {step.label}
              </Link>
            </h2>
            {/* Spec section 2: the child items are numbered. */}
            <ol className="cd-list cd-list--number cd-list--spaced" aria-label={step.label}>
              {inSection.map((error, index) => (
                <li key={`${error.path}-${index}`}>
                  <Link className="cd-link" to={getStepHref(step.id, errorTargetId(error, audience))}>
                    {errorSummaryText(error)}
                  </Link>
                </li>
              ))}
            </ol>
          </div>
        );
      })}
    </div>
  );
}
