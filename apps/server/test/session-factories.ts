import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestBrowser } from './browser.js';
import { multipart, type MultipartFile } from './multipart.js';

/** A small real PNG, optionally carrying a text chunk (metadata a logo must lose). */
export const pngLogo = async (options: { comment?: string; size?: number } = {}) => {
  const size = options.size ?? 64;
  let image = sharp({
    create: { width: size, height: size, channels: 3, background: { r: 190, g: 222, b: 71 } },
  }).png();
  if (options.comment)
    image = image.withMetadata({ exif: { IFD0: { ImageDescription: options.comment } } });
  return new Uint8Array(await image.toBuffer());
};

export const logoFile = (
  data: Uint8Array,
  filename = 'logo.png',
  contentType = 'image/png',
): MultipartFile => ({
  filename,
  contentType,
  data,
});

export interface SessionSettings {
  missionUuid: string;
  name?: string;
  maxTeams?: number;
  playersPerTeam?: number;
  minPlayersPerTeam?: number;
  durationMinutes?: number;
  scheduledStartAt?: string;
}

/** A trainer's session, through the API. */
export const createTrainerSession = async (trainer: TestBrowser, settings: SessionSettings) => {
  const response = await trainer.post('/api/trainer/sessions', {
    name: 'Friday exercise',
    maxTeams: 4,
    playersPerTeam: 3,
    durationMinutes: 30,
    ...settings,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session as { uuid: string; status: string };
};

/** Creates a team as a player (joining the session first), through the API. */
export const createTeam = async (
  player: TestBrowser,
  sessionUuid: string,
  name: string,
  logo?: MultipartFile,
) => {
  const form = multipart({ name, ...(logo ? { logo } : {}) });
  return player.post(`/api/sessions/${sessionUuid}/teams`, form.payload, { headers: form.headers });
};

export const createTeamOk = async (
  player: TestBrowser,
  sessionUuid: string,
  name: string,
  logo?: MultipartFile,
) => {
  const response = await createTeam(player, sessionUuid, name, logo);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().team as {
    uuid: string;
    name: string;
    token: string;
    logoUrl: string | null;
  };
};
