import { Button, Notice } from '@clearing-desk/ui';
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ApplicationStepId } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { APPLICATION_STEPS, type ApplicationStep } from '../steps';
import { FORM_TEXTS } from '../texts';
import { useApplicationForm } from './application-form-provider';
import { ApplicationStepsNav } from './application-steps-nav';
import { DuplicateBanner } from './duplicate-banner';
import { ERROR_SUMMARY_ID, FormErrorSummary } from './form-error-summary';
import { PersonalDetailsFields } from './personal-details-fields';
import { QualificationsFields } from './qualifications-fields';
import { SubmitStep } from './submit-step';
import type { ButtonScriptsSlot } from './submit-panel';

/**
 * Where screens that mount the form add their own parts (the adviser screens of a later issue:
 * student search, call scripts, feedback). Every slot is optional.
 */
export type ApplicationFormSlots = {
  /** Above the course name and the step tabs (e.g. the student search). */
  beforeSteps?: ReactNode;
  /** Under the step heading on every step (e.g. the call script for that step). */
  top?: (step: ApplicationStepId) => ReactNode;
  /** Under a step's fields, before Previous / Next. */
  bottom?: (step: ApplicationStepId) => ReactNode;
  /** On the submit step before the data-protection notice and the buttons (e.g. call-scripts' <FeedbackPanel />). */
  beforeSubmit?: ReactNode;
  /**
   * On the submit step, the screen's own list of the application's documents (the edit screen's
   * stored documents with download links), shown in place of the read-back's list so documents
   * appear once; documents uploaded but not yet saved are still read back.
   */
  documents?: ReactNode;
  /** Under the submit step's status buttons: what each one leads to (the staff screens' outcome scripts). */
  buttonScripts?: ButtonScriptsSlot;
};

export type ApplicationFormStepProps = {
  step: ApplicationStep;
  /** Shown above the tabs and in the page title, e.g. 'Computer Science BSc (Hons)'. */
  courseName: string;
  /** Link to a step (with a field's id as the hash to land on it). */
  getStepHref: (step: ApplicationStepId, fieldId?: string) => string;
  /** Where Previous leads from the first step (the course information page). */
  backHref: string;
  slots?: ApplicationFormSlots;
};

/**
 * One step of the application form: course name, step tabs, heading, the duplicate banner, the
 * error summary (validate-all), the step's fields and Previous / Next. Next turns validate-all on
 * and moves on only when the step has no errors, else focus goes to the error summary. After a
 * move between steps focus goes to the heading (or to the field named in the URL's hash).
 */
export function ApplicationFormStep({ step, courseName, getStepHref, backHref, slots = {} }: ApplicationFormStepProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { dispatch, errors, state, staff } = useApplicationForm();
  const readOnlyReason = staff?.readOnlyReason ?? null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [summaryFocus, setSummaryFocus] = useState(0);
  useDocumentTitle(step.heading, courseName);

  const index = APPLICATION_STEPS.findIndex((s) => s.id === step.id);
  const previous = APPLICATION_STEPS[index - 1];
  const next = APPLICATION_STEPS[index + 1];
  const headingId = `${step.id}-heading`;

  // Focus after moving here (not on the first page of a visit, which starts at the top).
  // The summary takes focus on arrival only where errors show already (validate-all, or Next pressed here before).
  const validateAllRef = useRef(false);
  validateAllRef.current = state.validateAll || (step.section !== null && state.validatedSections.has(step.section));
  useLayoutEffect(() => {
    if (location.key === 'default') return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const summary = validateAllRef.current ? document.getElementById(ERROR_SUMMARY_ID) : null;
    const element = target ?? summary ?? headingRef.current;
    element?.focus();
    if (target) target.scrollIntoView?.({ block: 'center' });
  }, [location.key, location.hash]);

  useLayoutEffect(() => {
    if (summaryFocus > 0) document.getElementById(ERROR_SUMMARY_ID)?.focus();
  }, [summaryFocus]);

  const goNext = (event?: FormEvent) => {
    event?.preventDefault();
    if (!next) return;
    if (step.section) dispatch({ type: 'validate-section', section: step.section });
    if (step.section && errors.some((e) => e.section === step.section)) {
      setSummaryFocus((n) => n + 1);
      return;
    }
    navigate(getStepHref(next.id));
  };
  const goPrevious = () => navigate(previous ? getStepHref(previous.id) : backHref);

  const buttons = (
    <div className="cd-button-group">
      <Button variant="secondary" onClick={goPrevious}>
        {FORM_TEXTS.PREVIOUS}
      </Button>
      {next && <Button type="submit">{FORM_TEXTS.NEXT}</Button>}
    </div>
  );

  return (
    <div className="cd-application-step">
      {slots.beforeSteps}
      <span className="cd-caption-l">{courseName}</span>
      <ApplicationStepsNav current={step.id} getHref={(id) => getStepHref(id)} />
      <h1 className="cd-heading-l" id={headingId} tabIndex={-1} ref={headingRef}>
        {step.heading}
      </h1>
      <DuplicateBanner />
      {readOnlyReason && (
        <Notice title={FORM_TEXTS.READ_ONLY_TITLE}>
          <p className="cd-body">{readOnlyReason}</p>
        </Notice>
      )}
      {step.section && <FormErrorSummary section={step.section} />}
      {slots.top?.(step.id)}
      {step.section ? (
        <form noValidate onSubmit={goNext} aria-labelledby={headingId}>
          {/* Read-only for this user (spec section 6): a disabled fieldset disables every control in it. */}
          <fieldset className="cd-fieldset" disabled={readOnlyReason !== null}>
            {step.section === 'personal-details' ? <PersonalDetailsFields /> : <QualificationsFields />}
          </fieldset>
          {slots.bottom?.(step.id)}
          {buttons}
        </form>
      ) : (
        <>
          <SubmitStep getStepHref={getStepHref} beforeSubmit={slots.beforeSubmit} documents={slots.documents} buttonScripts={slots.buttonScripts} />
          {slots.bottom?.(step.id)}
          <div className="cd-button-group">
            <Button variant="secondary" onClick={goPrevious}>
              {FORM_TEXTS.PREVIOUS}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
