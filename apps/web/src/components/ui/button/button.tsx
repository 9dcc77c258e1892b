import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export const buttonClassName = (variant: ButtonVariant = 'primary', className?: string): string =>
  [styles.button, styles[variant], className].filter(Boolean).join(' ');

/** A button's props, `ref` included (React 19 passes it as a prop). */
interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
}

export function Button({ variant, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

/** A router link that looks like a button (for navigation, never for actions). */
export function ButtonLink({ variant, className, ...props }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClassName(variant, typeof className === 'string' ? className : undefined)}
      {...props}
    />
  );
}
