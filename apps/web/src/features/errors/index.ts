export { ErrorPage } from './components/error-page';
export { errorStatusOf } from './error-status';
