/**
 * What login.html's code and libraries get when they import `react` (vite.config.ts aliases it
 * here): Preact's React-compatible layer, a fraction of React's weight, made to behave like
 * React 19 where the components rely on it:
 *
 * - `ref` is a prop of a function component (`<Button ref={…}>`, and Radix's `asChild`, which
 *   hands its ref to the child). Preact 10 gives it to the component's instance unless the
 *   component is wrapped in `forwardRef`: the ref held the component, never the element.
 * - `autoFocus` focuses the element when it is mounted. Preact only sets the `autofocus`
 *   attribute, which a browser honours once per page load: a field shown later (the trainer
 *   sign-in, reached without leaving the page) did not get the focus.
 * - `useId` is unique in the document. Preact numbers a portal's ids (a dialog's) apart from the
 *   page's when the portal is drawn before the page's first id: the same ids twice, and a
 *   dialog's `<label htmlFor>` could name a field of the page. Here every id comes from one
 *   counter and stays the component's for its life; Rampart renders only in the browser, so no
 *   id has to match one a server rendered.
 */
import { options } from 'preact';
import * as compat from 'preact/compat';
import { useState } from 'preact/compat';

export * from 'preact/compat';

/** @param {Function} type */
const isClassComponent = (type) => typeof type.prototype?.render === 'function';

/** Elements already focused for their `autoFocus`: once in an element's life, as React does. */
const autoFocused = new WeakSet();

const focusOnce = (element) => {
  if (element && !autoFocused.has(element)) {
    autoFocused.add(element);
    element.focus();
  }
};

/** Each ref's focusing twin, kept: a new one at every render would detach and attach it again. */
const focusingRefs = new WeakMap();

/** `ref`, which also focuses the element the first time it is attached. */
const focusingRef = (ref) => {
  if (!ref) return focusOnce;
  let twin = focusingRefs.get(ref);
  if (!twin) {
    twin = (element) => {
      focusOnce(element);
      if (typeof ref === 'function') return ref(element);
      ref.current = element;
      return undefined;
    };
    focusingRefs.set(ref, twin);
  }
  return twin;
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
