import { Navigate, useLocation } from 'react-router';
import { useLocalizedPath } from '../../../lib/locale';

/** `/auth/login` is where guards send visitors; the login page itself is `/login`. */
export default function AuthLoginScreen() {
  const { search, hash } = useLocation();
  const localize = useLocalizedPath();
  return <Navigate to={{ pathname: localize('/login'), search, hash }} replace />;
}
