import { loginFormSchema, staffUserResponseSchema, type LoginForm, type StaffUser } from '@clearing-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { authKeys, useSetUser } from '@/lib/auth';

/**
 * PUT /api/admin/auth/ldap: form-encoded username and password (the client adds the XSRF
 * `token` field). 200 the user; 401 a wrong username or password; 429 too many attempts; 503
 * directory or session store down.
 */
export const login = (form: LoginForm): Promise<StaffUser> => {
  const { username, password } = loginFormSchema.parse(form);
  return api.put(apiPaths.authLogin(), new URLSearchParams({ username, password }), staffUserResponseSchema);
};

type UseLoginOptions = { onSuccess?: (user: StaffUser) => void };

/** Signs in: the answer becomes the user at once, then the auth queries are fetched again. */
export const useLogin = ({ onSuccess }: UseLoginOptions = {}) => {
  const queryClient = useQueryClient();
  const setUser = useSetUser();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      setUser(user);
      void queryClient.invalidateQueries({ queryKey: authKeys.all });
      onSuccess?.(user);
    },
  });
};
