import type en from '../en';
import auth from './auth.json';
import chat from './chat.json';
import common from './common.json';
import content from './content.json';
import cookies from './cookies.json';
import errors from './errors.json';
import game from './game.json';
import onboarding from './onboarding.json';
import profile from './profile.json';
import realtime from './realtime.json';
import screens from './screens.json';
import sessions from './sessions.json';
import players from './players.json';
import trainer from './trainer.json';
import contentAuthoring from './content-authoring.json';
import cockpit from './cockpit.json';
import trainerDebrief from './trainer-debrief.json';
import debrief from './debrief.json';
import cockpitLabs from './cockpit-labs.json';
import labNotices from './lab-notices.json';
import labConsole from './lab-console.json';
import labVpn from './lab-vpn.json';
import display from './display.json';

/** Same namespaces as `en`; the type keeps them in step (the parity test checks every key). */
const fr: Record<keyof typeof en, object> = {
  auth,
  chat,
  common,
  content,
  cookies,
  errors,
  game,
  onboarding,
  profile,
  realtime,
  screens,
  sessions,
  players,
  trainer,
  contentAuthoring,
  cockpit,
  trainerDebrief,
  debrief,
  cockpitLabs,
  labNotices,
  labConsole,
  labVpn,
  display,
};

export default fr;
