import { useCurrentUser } from '../../auth';

/**
 * Whether a player is signed in here, as the guards left it in the cache (not asked again).
 * The profile's queries wait on it: after "log out everywhere", the profile screen stays mounted
 * until the login page has rendered, and a query it re-creates meanwhile would otherwise ask the
 * server again with the session just ended (a 401, and the ended player's data back in the cache).
 */
export const useSignedInPlayer = () => useCurrentUser('player', { enabled: false }) !== null;
