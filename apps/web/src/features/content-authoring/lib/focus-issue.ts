/**
 * The field an issue's path points at: the one editing exactly that path, else the closest
 * enclosing one (`…flag.accepted[1]` → the accepted flags' field; `…objectives[2]` → its title).
 */
export const findIssueField = (root: ParentNode, path: string): HTMLElement | null => {
  let best: HTMLElement | null = null;
  let bestLength = -1;
  for (const element of root.querySelectorAll<HTMLElement>('[data-path]')) {
    const candidate = element.dataset.path ?? '';
    const inside =
      candidate === path ||
      path.startsWith(`${candidate}.`) ||
      path.startsWith(`${candidate}[`) ||
      // An issue on a whole item lands on its first field.
      candidate.startsWith(`${path}.`);
    const length = candidate.startsWith(`${path}.`) ? path.length : candidate.length;
    if (inside && length > bestLength) {
      best = element;
      bestLength = length;
    }
  }
  return best;
};
