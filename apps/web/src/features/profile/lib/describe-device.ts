import type { SessionDevice } from '@rampart/contracts';
import type { TFunction } from 'i18next';

/** "Firefox on Linux", in the reader's language, from what the server recognised. */
export const describeDevice = (t: TFunction<'profile'>, device: SessionDevice): string => {
  if (device.name) return device.name;
  if (device.browser && device.os)
    return t('security.device.browserOnOs', { browser: device.browser, os: device.os });
  return device.browser ?? device.os ?? t('security.device.unknown');
};
