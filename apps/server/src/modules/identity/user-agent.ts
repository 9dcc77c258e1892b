const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The browser and system of a user agent, for the profile's list of sessions. */
export const describeDevice = (
  userAgent: string | null | undefined,
  tokenName?: string | null,
) => ({
  name: tokenName ?? null,
  browser: (userAgent && browsers.find(([pattern]) => pattern.test(userAgent))?.[1]) || null,
  os: (userAgent && systems.find(([pattern]) => pattern.test(userAgent))?.[1]) || null,
});
