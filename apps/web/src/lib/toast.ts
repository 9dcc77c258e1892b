import type * as sonnerModule from 'sonner';
import { generateId } from './random-id';

/** A toast stays 10 seconds unless told otherwise. */
export const DEFAULT_TOAST_DURATION_MS = 10_000;

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface ToastOptions {
  description?: string;
  /** Milliseconds before the toast leaves by itself. */
  duration?: number;
  /** A button in the toast (go to what it announces); clicking it also dismisses the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

// sonner is loaded on first use, out of the first page's JS. Its Toaster replays the toasts
// created before it subscribed, so nothing is lost while either side loads.
let sonner: Promise<typeof sonnerModule> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

const show =
  (kind: ToastKind) =>
  (message: string, options: ToastOptions = {}): string => {
    const toast_id = generateId();
    void loadSonner().then(({ toast }) =>
      toast[kind](message, {
        id: toast_id,
        duration: options.duration ?? DEFAULT_TOAST_DURATION_MS,
        ...(options.description === undefined ? {} : { description: options.description }),
        ...(options.action === undefined
          ? {}
          : { action: { label: options.action.label, onClick: options.action.onClick } }),
      }),
    );
    return toast_id;
  };

/**
 * The one way to show a toast. Messages are already translated by the caller. Each toast gets a
 * generated `toast_id`, returned so that it can be dismissed early.
 */
export const toast = {
  info: show('info'),
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
  dismiss: (toast_id: string): void => {
    void loadSonner().then(({ toast }) => toast.dismiss(toast_id));
  },
};
