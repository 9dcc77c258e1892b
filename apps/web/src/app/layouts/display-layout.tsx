import { MainContent } from './main-content';

/**
 * The projector view's frame: the screen alone, full-screen, no header, menu or footer (a wall
 * has no one to use them). The screen draws its own language switch.
 */
export function DisplayLayout() {
  return (
    <div data-layout="display">
      <MainContent />
    </div>
  );
}
