/**
 * What login.html's code and libraries get when they import `react` (vite.config.ts aliases it
 * here): Preact's React-compatible layer, a fraction of React's weight, made to behave like
 * React 19 where the components rely on it:
 *
 * - `ref` is a prop of a function component (`<Button ref={…}>`, and Radix's `asChild`, which
 *   hands the trigger's ref to the child). Preact 10 keeps a component's `ref` for itself unless
 *   the component is wrapped in `forwardRef`, so the ref stayed empty: a dialog could not give
 *   the focus back to the button that opened it.
 * - `autoFocus` focuses the element when it is mounted. Preact only sets the `autofocus`
 *   attribute, which a browser honours once per page load: a field shown later (the next
 *   screen's, a form's) did not get the focus.
 * - `useId` is unique in the document. Preact numbers ids per tree, and a portal (every dialog)
 *   is a tree of its own: the first id inside a dialog was the first id of the page behind it,
 *   so a dialog's `<label htmlFor>` named a field of the page instead of its own. Here every id
 *   comes from one counter and stays the component's for its life; Rampart renders only in the
 *   browser, so no id has to match one a server rendered.
 */
import { options } from 'preact';
import * as compat from 'preact/compat';
import { useState } from 'preact/compat';

export * from 'preact/compat';

/** @param {Function} type */
const isClassComponent = (type) => typeof type.prototype?.render === 'function';

/** Elements already focused for their `autoFocus`: once in an element's life, as React does. */
const autoFocused = new WeakSet();

/** `ref`, which also focuses the element the first time it is attached. */
const focusingRef = (ref) => (element) => {
  if (element && !autoFocused.has(element)) {
    autoFocused.add(element);
    element.focus();
  }
  if (typeof ref === 'function') return ref(element);
  if (ref) ref.current = element;
  return undefined;
};

const nextVnode = options.vnode;
options.vnode = (vnode) => {
  const { type } = vnode;
  if (typeof type === 'function' && vnode.ref && !isClassComponent(type)) {
    vnode.props.ref = vnode.ref;
    vnode.ref = null;
  } else if (typeof type === 'string' && vnode.props.autoFocus) {
    vnode.ref = focusingRef(vnode.ref);
  }
  nextVnode?.(vnode);
};

let lastId = 0;

export function useId() {
  const [id] = useState(() => `r${(++lastId).toString(36)}`);
  return id;
}

/** Libraries that read React's default export (`React.useId`) get the same hook. */
export default { ...compat.default, useId };
