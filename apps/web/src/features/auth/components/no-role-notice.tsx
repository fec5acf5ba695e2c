import type { StaffUser } from '@clearing-desk/contracts';
import { Button, Notice } from '@clearing-desk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { authKeys } from '@/lib/auth';
import { AUTH_TEXTS } from '../texts';

/**
 * A signed-in directory account that maps to no Clearing role (`!hasAnyRole(user)`). The gateway
 * reads the roles from the directory again every few minutes, so a role given
 * meanwhile arrives without signing out: 'Check again' reads the user again, and the staff pages
 * replace this notice when a role has come.
 */
export function NoRoleNotice({ user }: { user: StaffUser }) {
  useDocumentTitle(AUTH_TEXTS.NO_ROLE_HEADING);
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const checkAgain = async () => {
    setChecking(true);
    try {
      await queryClient.invalidateQueries({ queryKey: authKeys.user() });
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      <h1 className="cd-heading-l">{AUTH_TEXTS.NO_ROLE_HEADING}</h1>
      <Notice>
        <p className="cd-notice__heading">{AUTH_TEXTS.NO_ROLE_BODY}</p>
        <p className="cd-body">{AUTH_TEXTS.NO_ROLE_ACTION}</p>
      </Notice>
      <Button variant="secondary" onClick={() => void checkAgain()} disabled={checking}>
        {AUTH_TEXTS.NO_ROLE_CHECK_AGAIN}
      </Button>
      <p className="cd-body cd-secondary-text">Signed in as {user.username}.</p>
    </>
  );
}
