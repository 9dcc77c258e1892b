import { createBrowserRouter } from 'react-router';
import { createAppRoutes } from './app-routes';

export const createAppRouter = () => createBrowserRouter(createAppRoutes());
export type AppRouter = ReturnType<typeof createAppRouter>;
