import auth from './auth.json';
import common from './common.json';
import cookies from './cookies.json';
import errors from './errors.json';
import onboarding from './onboarding.json';
import profile from './profile.json';
import screens from './screens.json';

/** The English catalogue: the source of the translation key types (see lib/i18n/i18next.d.ts). */
const en = { auth, common, cookies, errors, onboarding, profile, screens };

export default en;
