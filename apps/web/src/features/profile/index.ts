export { profileQueryOptions } from './api/get-profile';
export { formatRelativeTime } from './lib/format-relative-time';
