import { z } from 'zod';

/** New passwords: at least 8 characters, an uppercase letter, a digit and a symbol. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const passwordRules = {
  length: (password: string) => [...password].length >= PASSWORD_MIN_LENGTH,
  uppercase: (password: string) => /\p{Lu}/u.test(password),
  digit: (password: string) => /\p{Nd}/u.test(password),
  symbol: (password: string) => /[^\p{L}\p{N}\s]/u.test(password),
} as const;
export type PasswordRule = keyof typeof passwordRules;

/** Which rules a candidate password breaks, in display order. */
export const brokenPasswordRules = (password: string): PasswordRule[] =>
  (Object.keys(passwordRules) as PasswordRule[]).filter((rule) => !passwordRules[rule](password));

export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .refine((password) => brokenPasswordRules(password).length === 0, {
    error: 'password.too_weak',
  });

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(64)
  .regex(/^[a-zA-Z0-9._-]+$/, { error: 'username.characters' });

/** A game pseudo is shown to everyone in a session: letters, digits, spaces and `_ . ' -`. */
export const PSEUDO_MAX_LENGTH = 32;
export const pseudoSchema = z
  .string()
  .trim()
  .min(2)
  .max(PSEUDO_MAX_LENGTH)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.'-]*$/u, { error: 'pseudo.characters' });
