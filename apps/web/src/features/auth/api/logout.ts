import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { ApiError, api, PUBLIC_SCHEMAS } from '@/lib/api-client';
import { useSetUser } from '@/lib/auth';
import { noteSignOut } from '@/lib/drafts';

/** PUT /api/admin/auth/logout: JSON `{ data: {}, token }`, answered 204 with no body. */
export const logout = async (): Promise<void> => {
  await api.put(apiPaths.authLogout(), {}, PUBLIC_SCHEMAS.anything);
};

type UseLogoutOptions = { onSuccess?: () => void };

/**
 * Signs out (spec section 4 "Logout clears the user"): the user becomes null, and lib/auth's
 * UserProvider then closes open confirm dialogs and removes every query fetched with the session
 * from the cache (`removeStaffQueries`); the tab's form drafts go too, and every tab's staff drafts (noteSignOut). A 401 means the session had already ended: signed out
 * all the same.
 */
export const useLogout = ({ onSuccess }: UseLogoutOptions = {}) => {
  const setUser = useSetUser();
  const signedOut = () => {
    // The next user of this tab starts with no form drafts, and every other
    // tab's staff drafts end too (domain.md 'Staff sessions on results day').
    noteSignOut();
    setUser(null);
    onSuccess?.();
  };
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSuccess: signedOut,
  });
};
