import { defineConfig } from 'vite';
import { createWebConfig } from './vite.config';

/** login.html, the sign-in screens' page (see `createWebConfig`). */
export default defineConfig(createWebConfig('login'));
