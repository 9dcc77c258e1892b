import {
  getCsrfCookie,
  getTrainerPlayers,
  playerAuth,
  postMagicLink,
  postMagicLogin,
  trainerAuth,
} from './auth.js';
import {
  deleteProfileSession,
  getAvatars,
  getProfile,
  getProfileSessions,
  postLogoutEverywhere,
  postLogoutOthers,
  putAvatar,
  putLocale,
  putPassword,
  putPseudo,
} from './profile.js';
import { contentRoutes } from './content.js';
import { contentPackRoutes } from './content-packs.js';
import { sessionRoutes } from './sessions.js';
import { sessionChangeRoutes } from './session-changes.js';
import { playRoutes } from './play.js';
import { chatRoutes } from './chat.js';
import { getMyEvents, getSessionEvents, getTrainerSessionEvents } from './events.js';
import { trainerCockpitRoutes } from './trainer-cockpit.js';
import { buildOpenApiDocument } from './openapi.js';
import { oidcRoutes } from './oidc.js';
import type { RouteContract } from './route.js';
import { getAppInfo, getHealth, getOpenApi } from './system.js';
import { trainerPlayersRoutes } from './trainer-players.js';
import { surveyRoutes } from './survey.js';
import { statsRoutes } from './stats.js';
import { sessionExportRoutes } from './session-exports.js';
import { historyRoutes } from './history.js';
import { trainerContentRoutes } from './trainer-content.js';
import { trainerSupportRoutes } from './trainer-support.js';
import { labRoutes } from './labs.js';
import { labConsoleRoutes, openConsoleSocket } from './lab-console.js';
import { labVpnRoutes } from './lab-vpn.js';
import { trainerLabConsoleRoutes } from './trainer-lab-console.js';
import { displayRoutes } from './display.js';

/** Every HTTP route of the API. The server refuses to register a route that is not listed here. */
export const apiRoutes: readonly RouteContract[] = [
  getAppInfo,
  getHealth,
  getOpenApi,
  getCsrfCookie,
  ...Object.values(playerAuth),
  ...Object.values(trainerAuth),
  postMagicLogin,
  postMagicLink,
  ...oidcRoutes,
  getTrainerPlayers,
  getAvatars,
  putAvatar,
  putPassword,
  putPseudo,
  putLocale,
  getProfile,
  getProfileSessions,
  postLogoutOthers,
  postLogoutEverywhere,
  deleteProfileSession,
  getMyEvents,
  getSessionEvents,
  getTrainerSessionEvents,
  ...contentRoutes,
  ...sessionRoutes,
  ...sessionChangeRoutes,
  ...playRoutes,
  ...chatRoutes,
  ...contentPackRoutes,
  ...trainerCockpitRoutes,
  ...trainerPlayersRoutes,
  ...surveyRoutes,
  ...statsRoutes,
  ...sessionExportRoutes,
  ...historyRoutes,
  ...trainerContentRoutes,
  ...trainerSupportRoutes,
  ...labRoutes,
  ...labConsoleRoutes,
  ...labVpnRoutes,
  ...trainerLabConsoleRoutes,
  ...displayRoutes,
];

/** The WebSockets, served outside `/api/` (they upgrade a `GET`): documented with the API. */
export const socketRoutes: readonly RouteContract[] = [openConsoleSocket];

/** The OpenAPI document of the whole API, its WebSockets included (served, and linted in CI). */
export const buildApiDocument = (info: { title: string; version: string }) =>
  buildOpenApiDocument([...apiRoutes, ...socketRoutes], info);
