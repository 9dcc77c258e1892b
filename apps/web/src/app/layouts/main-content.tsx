import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/ui/skip-link/skip-link';

/** The `main` landmark, target of the skip link; renders the matched screen by default. */
export function MainContent({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={className}>
      {children ?? <Outlet />}
    </main>
  );
}
