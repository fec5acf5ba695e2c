import type { StaffUser } from '@clearing-desk/contracts';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

type UserContextValue = { user: StaffUser | null; setUser: (user: StaffUser | null) => void };

const UserContext = createContext<UserContextValue>({ user: null, setUser: () => undefined });

/**
 * The logged-in staff user. There is no login yet (a later issue adds PUT /api/admin/auth/ldap
 * and calls `setUser`), so the user starts as null: the public view.
 */
export function UserProvider({ initialUser = null, children }: { initialUser?: StaffUser | null; children: ReactNode }) {
  const [user, setUser] = useState<StaffUser | null>(initialUser);
  const value = useMemo(() => ({ user, setUser }), [user]);
  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export const useUser = (): StaffUser | null => useContext(UserContext).user;
export const useSetUser = (): UserContextValue['setUser'] => useContext(UserContext).setUser;
