import type en from '../en';
import auth from './auth.json';
import common from './common.json';
import cookies from './cookies.json';
import errors from './errors.json';
import onboarding from './onboarding.json';
import profile from './profile.json';
import screens from './screens.json';

/** Same namespaces as `en`; the type keeps them in step (the parity test checks every key). */
const fr: Record<keyof typeof en, object> = {
  auth,
  common,
  cookies,
  errors,
  onboarding,
  profile,
  screens,
};

export default fr;
