import common from './common.json';
import cookies from './cookies.json';
import errors from './errors.json';
import screens from './screens.json';

/** The English catalogue: the source of the translation key types (see lib/i18n/i18next.d.ts). */
const en = { common, cookies, errors, screens };

export default en;
