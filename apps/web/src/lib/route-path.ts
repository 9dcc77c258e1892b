/**
 * The names of a contract path's parameters: `'/api/sessions/{uuid}/teams/{team}'` →
 * `'uuid' | 'team'`.
 */
export type PathParamName<Path extends string> =
  Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamName<Rest> : never;

/** A value for each parameter of a path; none for a path without parameters. */
export type PathParams<Path extends string> = Readonly<
  Record<PathParamName<Path>, string | number>
>;

/**
 * Fills a contract's path template. Each value is percent-encoded whole, so a `/`, `?` or `#`
 * in a value stays inside its segment and can never reach another route.
 */
export const fillPath = <const Path extends string>(
  template: Path,
  params: PathParams<Path>,
): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = (params as Readonly<Record<string, string | number | undefined>>)[name];
    if (value === undefined) throw new TypeError(`No value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
