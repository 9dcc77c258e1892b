import {
  getHintFile,
  getObjectiveFile,
  getTrainerHintFile,
  getTrainerObjectiveFile,
  toColonPath,
  type RouteContract,
} from '@rampart/contracts';
import { contentTypeForFileName } from './file-types.js';

const urlOf = (contract: RouteContract, objectiveUuid: string, fileUuid: string) =>
  toColonPath(contract.path)
    .replace(':objectiveUuid', encodeURIComponent(objectiveUuid))
    .replace(':fileUuid', encodeURIComponent(fileUuid));

/** Where a player downloads an attached file (while they may see its objective). */
export const playerFileUrl = (objectiveUuid: string, fileUuid: string) =>
  urlOf(getObjectiveFile, objectiveUuid, fileUuid);

/** Where a trainer downloads an attached file. */
export const trainerFileUrl = (objectiveUuid: string, fileUuid: string) =>
  urlOf(getTrainerObjectiveFile, objectiveUuid, fileUuid);

/** Where a player of a session downloads a file of a hint their team unlocked. */
export const hintFileUrl = (sessionUuid: string, hintUuid: string, fileUuid: string) =>
  toColonPath(getHintFile.path)
    .replace(':uuid', encodeURIComponent(sessionUuid))
    .replace(':hint', encodeURIComponent(hintUuid))
    .replace(':fileUuid', encodeURIComponent(fileUuid));

/** Where a trainer downloads a file of a hint. */
export const trainerHintFileUrl = (hintUuid: string, fileUuid: string) =>
  toColonPath(getTrainerHintFile.path)
    .replace(':hint', encodeURIComponent(hintUuid))
    .replace(':fileUuid', encodeURIComponent(fileUuid));

/** RFC 5987 value: percent-encodes everything but the attribute characters. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Always an attachment, never rendered in the app's origin. Names are portable already when
 * imported; the plain `filename` is still reduced to safe ASCII (no quote, no line break can
 * reach the header) and `filename*` carries the exact name.
 */
export const contentDisposition = (name: string) => {
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
};

/**
 * The stored type is served only when it is the one the file's name gives (the importer stores
 * exactly that); any other value, such as a type a browser would run, becomes a download of
 * bytes.
 */
export const servedContentType = (stored: string, name: string) =>
  stored === contentTypeForFileName(name) ? stored : 'application/octet-stream';
