import type { StaffUser } from '@clearing-desk/contracts';
import { Notice } from '@clearing-desk/ui';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AUTH_TEXTS } from '../texts';

/** A signed-in directory account that maps to no Clearing role (`!hasAnyRole(user)`). */
export function NoRoleNotice({ user }: { user: StaffUser }) {
  useDocumentTitle(AUTH_TEXTS.NO_ROLE_HEADING);
  return (
    <>
      <h1 className="cd-heading-l">{AUTH_TEXTS.NO_ROLE_HEADING}</h1>
      <Notice>
        <p className="cd-notice__heading">{AUTH_TEXTS.NO_ROLE_BODY}</p>
        <p className="cd-body">{AUTH_TEXTS.NO_ROLE_ACTION}</p>
      </Notice>
      <p className="cd-body cd-secondary-text">Signed in as {user.username}.</p>
    </>
  );
}
