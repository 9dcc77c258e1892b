import type { CookieDescriptor } from '@rampart/contracts';

export type DeploymentFeature = NonNullable<CookieDescriptor['feature']>;
export type DeploymentFeatures = Readonly<Record<DeploymentFeature, boolean>>;

/**
 * Optional features of this deployment that decide whether some cookies exist: the footer
 * passes what app info announces (an identity provider); this default is for when it is unknown.
 */
export const defaultDeploymentFeatures: DeploymentFeatures = { identityProvider: false };

export const isCookieInUse = (cookie: CookieDescriptor, features: DeploymentFeatures): boolean =>
  cookie.feature === undefined || features[cookie.feature];
