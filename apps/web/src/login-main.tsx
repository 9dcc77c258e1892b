import './styles/tokens.css';
import './styles/base.css';
import './styles/boot-shell.css';
import { createLoginAuth, LoginApp } from './app/login/login-app';
import { prefetchAppWhenIdle } from './app/login/prefetch-app';
import { startApp } from './app/start-app';

// login.html: the sign-in screens alone, built with Preact in place of React (vite.config.ts).
await startApp((queryClient) => (
  <LoginApp queryClient={queryClient} auth={createLoginAuth(queryClient)} />
));
prefetchAppWhenIdle();
