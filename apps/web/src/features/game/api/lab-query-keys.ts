/**
 * The team's lab environment, outside the game's keys: scores changing never refetch it, the
 * stream's `lab.environment_changed` does.
 */
export const labQueryKeys = {
  environment: (sessionUuid: string) => ['lab', sessionUuid, 'environment'] as const,
  vpn: (sessionUuid: string) => ['lab', sessionUuid, 'vpn'] as const,
};
