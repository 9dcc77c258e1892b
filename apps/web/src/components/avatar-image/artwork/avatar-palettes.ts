import type { AvatarId } from '@rampart/contracts';

/** Four shades of one hue, lightest to darkest; every avatar adds Rampart's accent to its own. */
export interface AvatarPalette {
  readonly light: string;
  readonly main: string;
  readonly dark: string;
  readonly deep: string;
}

export const ACCENT = '#bede47';

/** One hue per avatar, far enough apart to tell them by colour alone at 40 px. */
export const avatarPalettes: Readonly<Record<AvatarId, AvatarPalette>> = {
  sentinel: { light: '#8fb8ec', main: '#3f72b4', dark: '#1b3354', deep: '#0b1626' },
  cipher: { light: '#b7a2ff', main: '#6d4fd0', dark: '#2c1d5c', deep: '#120b2b' },
  phantom: { light: '#dfe3f5', main: '#9aa2c8', dark: '#3b4161', deep: '#141726' },
  bastion: { light: '#f6b577', main: '#c9732f', dark: '#5c2e10', deep: '#261206' },
  tracer: { light: '#8cefe6', main: '#1ea9a3', dark: '#0c4a4b', deep: '#05201f' },
  oracle: { light: '#f59bcf', main: '#c0438f', dark: '#511745', deep: '#220920' },
  warden: { light: '#f49a8f', main: '#c43c3c', dark: '#531519', deep: '#24080a' },
  spark: { light: '#ffdb7e', main: '#e29f1d', dark: '#5e3b06', deep: '#261702' },
};

/** The neutral hue of "no avatar yet". */
export const emptyPalette: AvatarPalette = {
  light: '#a7b4c2',
  main: '#5d6b7c',
  dark: '#27313d',
  deep: '#10161d',
};
