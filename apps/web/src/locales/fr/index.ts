import type en from '../en';
import common from './common.json';
import cookies from './cookies.json';
import errors from './errors.json';
import screens from './screens.json';

/** Same namespaces as `en`; the type keeps them in step (the parity test checks every key). */
const fr: Record<keyof typeof en, object> = { common, cookies, errors, screens };

export default fr;
