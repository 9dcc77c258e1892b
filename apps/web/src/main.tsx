import './styles/tokens.css';
import './styles/base.css';
import './styles/boot-shell.css';
import { App } from './app/app';
import { createAppRouter } from './app/router/create-router';
import { startApp } from './app/start-app';

await startApp((queryClient) => {
  // Creating the router starts the first guard, whose identity fetch then runs beside the catalogue's.
  const { router, auth } = createAppRouter(queryClient);
  return <App router={router} queryClient={queryClient} auth={auth} />;
});
