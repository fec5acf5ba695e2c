import { LIMITS, type LoginForm as LoginCredentials } from '@clearing-desk/contracts';
import { Button, TextInput } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { AUTH_TEXTS } from '../texts';

export const USERNAME_ID = 'username';
export const PASSWORD_ID = 'password';

type LoginFormProps = {
  /** The sign-in is under way: the button says 'Signing in…' and is disabled. */
  pending: boolean;
  /** `failed` is called when the attempt fails, so the password box is emptied. */
  onSubmit: (credentials: LoginCredentials, failed: () => void) => void;
};

/** Username (max 16) and password (max 256) with the 'Sign in' button (spec sections 2, 5, 9). */
export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit({ username, password }, () => setPassword(''));
  };

  return (
    <form className="cd-login-form" onSubmit={submit} noValidate>
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
      <Button type="submit" disabled={pending}>
        {pending ? AUTH_TEXTS.SIGNING_IN : AUTH_TEXTS.SIGN_IN_BUTTON}
      </Button>
    </form>
  );
}
