import { LIMITS } from '@clearing-desk/contracts';
import { ConfirmDialog, ErrorMessage, TextInput } from '@clearing-desk/ui';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { absoluteHref, paths } from '@/config/paths';
import { SESSION_HANDLED_META, useSignInRequest } from '@/lib/auth';
import { useLoginOptions } from '../api/get-login-options';
import { login } from '../api/login';
import { AUTH_TEXTS } from '../texts';
import { loginError } from './login-screen';

const USERNAME_ID = 'session-username';
const PASSWORD_ID = 'session-password';

/**
 * The sign-in dialog over a staff form whose session ended (issue 19 item 1): username and
 * password in a modal, so the form and its answers stay as they are (no page change, nothing sent
 * to the public route). Signing in hands the user to lib/auth's finishSignIn, which lets the
 * waiting save go on as them; 'Not now' (or Escape) closes it and the save reports the 401. With
 * the enterprise sign-in, its redirect instead (a page change: the form's draft in the tab resumes the call).
 */
export function SessionEndedDialog() {
  const { signInRequested, finishSignIn } = useSignInRequest();
  const options = useLoginOptions();
  const formId = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: login,
    meta: SESSION_HANDLED_META,
    onSuccess: (user) => {
      setPassword('');
      signIn.reset();
      finishSignIn(user);
    },
    onError: () => setPassword(''),
  });
  const enterprise = options.data?.enterprise === true;
  const error = signIn.isError ? loginError(signIn.error).message : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    signIn.mutate({ username, password });
  };

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
      <p className="cd-body">{AUTH_TEXTS.SESSION_ENDED_BODY}</p>
      {!enterprise && (
        <form id={formId} onSubmit={submit} noValidate>
          {error && <ErrorMessage id={`${formId}-error`}>{error}</ErrorMessage>}
          <TextInput
            id={USERNAME_ID}
            name="username"
            label={AUTH_TEXTS.USERNAME_LABEL}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            maxLength={LIMITS.USERNAME_MAX}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            width="20"
          />
          <TextInput
            id={PASSWORD_ID}
            name="password"
            type="password"
            label={AUTH_TEXTS.PASSWORD_LABEL}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            maxLength={LIMITS.PASSWORD_MAX}
            autoComplete="current-password"
            width="20"
          />
        </form>
      )}
    </ConfirmDialog>
  );
}
