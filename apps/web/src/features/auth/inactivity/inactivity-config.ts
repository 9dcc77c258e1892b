/** Spec middleware user-activity: a player idle this long is logged out (the server agrees). */
export const DEFAULT_INACTIVITY_MINUTES = 30;
