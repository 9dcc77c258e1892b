export { appInfoQueryOptions, getAppInfo, useAppInfo, type AppInfoView } from './api/get-app-info';
export { useDocumentTitle } from './hooks/use-document-title';
