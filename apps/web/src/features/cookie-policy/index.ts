export { CookiePolicyButton } from './components/cookie-policy-button';
export { defaultDeploymentFeatures, type DeploymentFeatures } from './deployment-features';
export { formatCookieLifetime } from './cookie-lifetime';
