import { createContext, useContext, type ReactNode } from 'react';
import type { AppAuth, AuthSide } from './app-auth';

const AuthContext = createContext<AppAuth | null>(null);

/** Gives screens the app's auth clients (made with the router, which the guards need first). */
export function AuthProvider({ auth, children }: { auth: AppAuth; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export const useAuthClient = (side: AuthSide = 'player') => {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuthClient needs an AuthProvider above it');
  return auth[side];
};
