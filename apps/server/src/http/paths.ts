/** Whether a path (or a request's URL, query included) belongs to the API rather than the app. */
export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
