import type { CookieDescriptor } from '@rampart/contracts';

export type DeploymentFeature = NonNullable<CookieDescriptor['feature']>;
export type DeploymentFeatures = Readonly<Record<DeploymentFeature, boolean>>;

/**
 * Optional features of this deployment that decide whether some cookies exist. No identity
 * provider is wired yet; when app info announces one, pass its value instead of this default.
 */
export const defaultDeploymentFeatures: DeploymentFeatures = { identityProvider: false };

export const isCookieInUse = (cookie: CookieDescriptor, features: DeploymentFeatures): boolean =>
  cookie.feature === undefined || features[cookie.feature];
