import { FORM_TEXTS } from '../texts';

/** Spec section 1: what the applicant's data is used for, and that it is used for nothing else. */
export function DataProtectionNotice() {
  return (
    <section className="cd-data-protection" aria-labelledby="data-protection-heading">
      <h2 className="cd-heading-m" id="data-protection-heading">
        {FORM_TEXTS.DATA_PROTECTION_HEADING}
      </h2>
      <p className="cd-body">{FORM_TEXTS.DATA_PROTECTION}</p>
    </section>
  );
}
