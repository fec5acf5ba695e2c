import { LIMITS, type LoginForm as LoginCredentials } from '@clearing-desk/contracts';
import { TextInput } from '@clearing-desk/ui';
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { AUTH_TEXTS } from '../texts';

/** The sign-in screen's username field: where its error summary's 'Incorrect username/password' leads. */
export const USERNAME_ID = 'username';

type SignInFieldsProps = {
  /** The form's id, for a submit button outside it (a dialog's primary action, `form=`). */
  id?: string;
  className?: string;
  /** Prefix of the fields' ids, so a dialog's fields never share the sign-in screen's ('session-'). */
  idPrefix?: string;
  /** A sign-in is under way: submitting again does nothing. */
  pending: boolean;
  /** `clearPassword` empties the password box (after a failed attempt; the dialog also after success). */
  onSubmit: (credentials: LoginCredentials, clearPassword: () => void) => void;
  /** Above the fields (the dialog's error message). */
  before?: ReactNode;
  /** After the fields (the sign-in screen's own 'Sign in' button). */
  children?: ReactNode;
};

/**
 * The staff sign-in's form, one for the sign-in screen and the sign-in dialog over a staff form
 *: username (max 16) and password (max 256) with their labels, browser autocomplete
 * and widths (spec sections 2, 5, 9); Enter in a field submits. The form keeps what is typed;
 * each place brings its own button, errors and focus rules.
 * The gateway paints the sign-in screen on /staff before the app runs: what is
 * typed before the app takes over stays (hydration keeps an input's text; the form takes it at
 * mount), and the form is a POST, so a submit the app never handles puts no password in a URL.
 */
export function SignInFields({ id, className, idPrefix = '', pending, onSubmit, before, children }: SignInFieldsProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (usernameRef.current?.value) setUsername(usernameRef.current.value);
    if (passwordRef.current?.value) setPassword(passwordRef.current.value);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit({ username, password }, () => setPassword(''));
  };

  return (
    <form id={id} className={className} method="post" onSubmit={submit} noValidate>
      {before}
      <TextInput
        ref={usernameRef}
        id={`${idPrefix}${USERNAME_ID}`}
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
        ref={passwordRef}
        id={`${idPrefix}password`}
        name="password"
        type="password"
        label={AUTH_TEXTS.PASSWORD_LABEL}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        maxLength={LIMITS.PASSWORD_MAX}
        autoComplete="current-password"
        width="20"
      />
      {children}
    </form>
  );
}
