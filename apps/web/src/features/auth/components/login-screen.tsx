import { LOGIN_MESSAGES, type StaffUser } from '@clearing-desk/contracts';
import { Button, buttonClassName, ErrorSummary, Spinner, type ErrorSummaryItem } from '@clearing-desk/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { absoluteHref, paths } from '@/config/paths';
import { useAppRunning } from '@/hooks/use-app-running';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { useLoginOptions } from '../api/get-login-options';
import { useLogin } from '../api/login';
import { AUTH_TEXTS } from '../texts';
import { SignInFields, USERNAME_ID } from './sign-in-fields';

/** Spec section 8: a 401 is always 'Incorrect username/password'; any other failure shows the server's message. */
export function loginError(error: unknown): ErrorSummaryItem {
  if (error instanceof ApiError && error.status === 401) return { fieldId: USERNAME_ID, message: LOGIN_MESSAGES.INCORRECT };
  return { message: error instanceof Error && error.message ? error.message : 'Something went wrong.' };
}

/**
 * Spec section 2 "Login screen": username and password, or, when the enterprise sign-in is
 * configured, only a link to the gateway's /login (an OIDC redirect, so a plain link with the
 * base prefix, not a router link); the form is offered if the options cannot be loaded. Spec
 * section 4 "Login: idle, loading, user set, or error": a failure shows in the error summary
 * above the heading, which takes focus (again on every failed attempt).
 */
export function LoginScreen({ onSignedIn }: { onSignedIn?: (user: StaffUser) => void }) {
  useDocumentTitle(AUTH_TEXTS.SIGN_IN_HEADING);
  const options = useLoginOptions();
  const login = useLogin({ onSuccess: onSignedIn });
  // Painted by the server (/staff), the form waits for the app: a browser submission would go nowhere.
  const appRunning = useAppRunning();
  const [attempt, setAttempt] = useState(0);
  // The gateway sends a refused or cancelled enterprise (OIDC) sign-in back to /staff?signin=failed.
  const [searchParams] = useSearchParams();
  const enterpriseFailed = searchParams.get('signin') === 'failed' && attempt === 0;
  const errors = login.isError ? [loginError(login.error)] : enterpriseFailed ? [{ message: LOGIN_MESSAGES.ENTERPRISE_FAILED }] : [];

  return (
    <>
      {/* keyed by attempt: the same message again still takes focus */}
      <ErrorSummary key={attempt} errors={errors} />
      <h1 className="cd-heading-l">{AUTH_TEXTS.SIGN_IN_HEADING}</h1>
      <p className="cd-body">{AUTH_TEXTS.SIGN_IN_INTRO}</p>
      {options.isPending ? (
        <Spinner label={AUTH_TEXTS.LOADING_OPTIONS} />
      ) : options.data?.enterprise ? (
        <p className="cd-body">
          <a className={buttonClassName('primary')} href={absoluteHref(paths.enterpriseLogin.getHref())}>
            {AUTH_TEXTS.ENTERPRISE_LINK}
          </a>
        </p>
      ) : (
        <SignInFields
          className="cd-login-form"
          pending={login.isPending}
          onSubmit={(credentials, clearPassword) => {
            setAttempt((n) => n + 1);
            login.mutate(credentials, { onError: clearPassword });
          }}
        >
          <Button type="submit" disabled={login.isPending || !appRunning}>
            {login.isPending ? AUTH_TEXTS.SIGNING_IN : AUTH_TEXTS.SIGN_IN_BUTTON}
          </Button>
        </SignInFields>
      )}
    </>
  );
}
