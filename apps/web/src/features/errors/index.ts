export { ErrorPage } from './components/error-page';
export { errorStatusOf } from './error-status';
export { isNotFoundError, reportScreenError, rootErrorOptions } from './report-error';
