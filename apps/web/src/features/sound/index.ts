export { SoundToggle } from './components/sound-toggle';
export { backgroundSound } from './background-sound';
