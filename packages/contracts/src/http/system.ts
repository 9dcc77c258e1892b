import { z } from 'zod';
import { defineRoute } from './route.js';

export const localeSchema = z.enum(['fr', 'en']);
export type Locale = z.infer<typeof localeSchema>;
export const availableLocales: readonly Locale[] = ['fr', 'en'];
export const defaultLocale: Locale = 'fr';

export const appInfoSchema = z
  .object({
    'app-name': z.string(),
    mentions: z.string().nullable(),
    'available-locales': z.array(localeSchema),
    'go-home-enabled': z.boolean(),
    /**
     * The organisation's identity provider, only when sign-in through it is configured: the
     * label of the login pages' button, and whether trainers may use it (only by a role claim).
     */
    'sign-in-provider': z.object({ label: z.string(), trainers: z.boolean() }).optional(),
  })
  .strict();
export type AppInfo = z.infer<typeof appInfoSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    state: z.literal('up'),
  }),
});
export type Health = z.infer<typeof healthSchema>;

export const getAppInfo = defineRoute({
  method: 'GET',
  path: '/api/app-info',
  summary: 'Deployment name, legal mentions, available locales and whether go-home buttons show',
  tag: 'system',
  access: 'public',
  responses: { 200: appInfoSchema },
});

export const getHealth = defineRoute({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database state (503 while the database is unreachable)',
  tag: 'system',
  access: 'public',
  responses: { 200: healthSchema, 503: null },
});

export const getOpenApi = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This document: OpenAPI 3.1 generated from the contracts',
  tag: 'system',
  access: 'public',
  responses: { 200: z.record(z.string(), z.unknown()) },
});
