import type { GameScreenQuery } from '@rampart/contracts';
import { chatQueryKeys } from '../../chat/api/chat-query-keys';
import { contentQueryKeys } from '../../content/content-query-keys';
import { gameQueryKeys } from '../../game/api/game-query-keys';
import { labQueryKeys } from '../../game/api/lab-query-keys';
import { sessionQueryKeys } from './session-query-keys';

/** The cached queries behind each of the game screen's reads (the contracts' table names them). */
export const gameScreenKeyOf = (
  query: GameScreenQuery,
  sessionUuid: string,
): readonly unknown[] => {
  switch (query) {
    case 'session':
      return sessionQueryKeys.detail(sessionUuid);
    case 'objectives':
      return gameQueryKeys.objectivesAll(sessionUuid);
    case 'ranking':
      return gameQueryKeys.ranking(sessionUuid);
    case 'content':
      return contentQueryKeys.all;
    case 'lab':
      return labQueryKeys.environment(sessionUuid);
    case 'chat':
      return chatQueryKeys.session(sessionUuid);
  }
};
