import type { LabTemplate } from '@rampart/contracts';

/**
 * The lifetime rules of an environment (docs/labs.md), as pure
 * functions of the template, the row's times and an instant.
 */

const plusSeconds = (instant: Date, seconds: number) =>
  new Date(instant.getTime() + seconds * 1000);

/** The hard end of an environment: no extension goes past it. */
export const latestExpiry = (template: LabTemplate, createdAt: Date) =>
  plusSeconds(createdAt, template.maxTtlSeconds);

/** `expiresAt = min(now + ttl, createdAt + maxTtl)`. */
export const initialExpiry = (template: LabTemplate, createdAt: Date) =>
  new Date(
    Math.min(
      plusSeconds(createdAt, template.ttlSeconds).getTime(),
      latestExpiry(template, createdAt).getTime(),
    ),
  );

export type ExtensionRefusal = 'renewals_exhausted' | 'at_max_lifetime' | 'expired';

/**
 * Where an extension by `seconds` takes the expiry, or why none is possible: counted from the
 * current expiry (an extension never shortens), capped at the max lifetime.
 */
export const extendedExpiry = (input: {
  template: LabTemplate;
  createdAt: Date;
  expiresAt: Date;
  renewCount: number;
  maxRenewals: number;
  seconds: number;
  now: Date;
}): { expiresAt: Date } | { refused: ExtensionRefusal } => {
  if (input.expiresAt <= input.now) return { refused: 'expired' };
  if (input.renewCount >= input.maxRenewals) return { refused: 'renewals_exhausted' };
  const latest = latestExpiry(input.template, input.createdAt);
  if (input.expiresAt >= latest) return { refused: 'at_max_lifetime' };
  const wanted = plusSeconds(input.expiresAt, input.seconds);
  return { expiresAt: wanted < latest ? wanted : latest };
};
