import 'i18next';
import type en from '../../locales/en';

/** Translation keys are typed from the English catalogue. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
    returnNull: false;
  }
}
