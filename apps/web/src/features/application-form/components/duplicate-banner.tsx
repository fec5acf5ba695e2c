import { APPLY_MESSAGES } from '@clearing-desk/contracts';
import { Notice } from '@clearing-desk/ui';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FORM_TEXTS } from '../texts';
import { useApplicationForm } from './application-form-provider';

/** Spec sections 2 and 8: the warning banner shown once the applicant is known to have applied. */
export function DuplicateBanner() {
  const { state } = useApplicationForm();
  if (!state.isDuplicate) return null;
  return (
    <Notice variant="error" title={FORM_TEXTS.DUPLICATE_TITLE} live>
      <p className="cd-body">{APPLY_MESSAGES.DUPLICATE}</p>
      <p className="cd-body">
        <Link className="cd-link" to={paths.apply.search.getHref()}>
          {FORM_TEXTS.SEARCH_OTHER_COURSES}
        </Link>
      </p>
    </Notice>
  );
}
