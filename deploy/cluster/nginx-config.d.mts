// Types of nginx-config.mjs, for the operations tests.
export interface NginxNode {
  name: string;
  address: string;
}
export interface NginxOptions {
  listen: string;
  nodes: NginxNode[];
  runDir: string;
  errorLog: string;
  accessLog: string;
  user?: string;
  maxFails?: number;
  failTimeout?: string;
}
export const templatePath: URL;
export const composePath: URL;
export const composeNginxConfigPath: URL;
export function renderNginxConfig(options: NginxOptions): string;
export function composeNginxOptions(compose: unknown): NginxOptions;
export function readCompose(): Promise<unknown>;
