import { useEffect } from 'react';
import { useAppInfo } from '../api/get-app-info';

/** Sets `<screen title> · <app name>` (or the app name alone) as the document title. */
export const useDocumentTitle = (title: string | null): void => {
  const { appName } = useAppInfo();
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
};
