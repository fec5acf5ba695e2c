import { ConfirmDialog, ErrorMessage } from '@clearing-desk/ui';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { absoluteHref, paths } from '@/config/paths';
import { SESSION_HANDLED_META, useSignInRequest } from '@/lib/auth';
import { useLoginOptions } from '../api/get-login-options';
import { login } from '../api/login';
import { AUTH_TEXTS } from '../texts';
import { loginError } from './login-screen';
import { SignInFields } from './sign-in-fields';

/**
 * The sign-in dialog over a staff form whose session ended, or that opened
 * without one over its kept draft, or whose call a sign-out in another tab discarded (its words
 * follow the request's reason): username and password in a modal, so the form and its answers stay as they are (no page change, nothing sent
 * to the public route). Signing in hands the user to lib/auth's finishSignIn, which lets the
 * waiting save go on as them; 'Not now' (or Escape) closes it and the save reports the 401. With
 * the enterprise sign-in, its redirect instead (a page change: the form's draft in the tab resumes the call).
 */
export function SessionEndedDialog() {
  const { signInRequested, signInReason, finishSignIn } = useSignInRequest();
  const options = useLoginOptions();
  const formId = useId();
  const signIn = useMutation({
    mutationFn: login,
    meta: SESSION_HANDLED_META,
    onSuccess: (user) => {
      signIn.reset();
      finishSignIn(user);
    },
  });
  const enterprise = options.data?.enterprise === true;
  const error = signIn.isError ? loginError(signIn.error).message : null;

  return (
    <ConfirmDialog
      open={signInRequested}
      role="alertdialog"
      title={AUTH_TEXTS.SESSION_ENDED_TITLE}
      confirmLabel={enterprise ? AUTH_TEXTS.ENTERPRISE_LINK : signIn.isPending ? AUTH_TEXTS.SIGNING_IN : AUTH_TEXTS.SIGN_IN_BUTTON}
      cancelLabel={AUTH_TEXTS.SESSION_ENDED_CANCEL}
      confirmForm={enterprise ? undefined : formId}
      onConfirm={() => {
        if (enterprise) window.location.assign(absoluteHref(paths.enterpriseLogin.getHref()));
      }}
      onCancel={() => {
        signIn.reset();
        finishSignIn(null);
      }}
    >
      <p className="cd-body">
        {signInReason === 'resume'
          ? AUTH_TEXTS.SESSION_RESUME_BODY
          : signInReason === 'discarded'
            ? AUTH_TEXTS.SESSION_DISCARDED_BODY
            : AUTH_TEXTS.SESSION_ENDED_BODY}
      </p>
      {!enterprise && (
        <SignInFields
          id={formId}
          idPrefix="session-"
          pending={signIn.isPending}
          onSubmit={(credentials, clearPassword) => signIn.mutate(credentials, { onSettled: clearPassword })}
          before={error && <ErrorMessage id={`${formId}-error`}>{error}</ErrorMessage>}
        />
      )}
    </ConfirmDialog>
  );
}
