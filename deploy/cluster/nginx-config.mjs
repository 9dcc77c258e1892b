// Renders deploy/cluster/nginx.conf.template: the one nginx configuration of Rampart's cluster,
// for `npm run cluster` (nodes on loopback ports) and for compose (nodes on their addresses).
import fs from 'node:fs';

export const templatePath = new URL('./nginx.conf.template', import.meta.url);

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * @param {object} options
 * @param {string} options.listen what nginx listens on (`127.0.0.1:8080`, `8080`)
 * @param {{ name: string, address: string }[]} options.nodes each node's name and `host:port`
 * @param {string} options.runDir where the pid file and temporary files go
 * @param {string} options.errorLog where errors are logged
 * @param {string} options.accessLog where requests are logged
 * @param {string} [options.user] the workers' user, when nginx starts as root
 * @param {number} [options.maxFails] failed connections before a node is taken out
 * @param {string} [options.failTimeout] how long it stays out (and the window of maxFails)
 */
export const renderNginxConfig = ({
  listen,
  nodes,
  runDir,
  errorLog,
  accessLog,
  user,
  maxFails = 1,
  failTimeout = '5s',
}) => {
  const values = {
    USER: user ? `user ${user};` : '# Workers run as the user who started nginx.',
    RUN_DIR: runDir,
    ERROR_LOG: errorLog,
    ACCESS_LOG: accessLog,
    LISTEN: listen,
    UPSTREAM_SERVERS: nodes
      .map(
        (node) =>
          `        server ${node.address} max_fails=${maxFails} fail_timeout=${failTimeout};`,
      )
      .join('\n'),
    NODE_NAMES: nodes
      .map((node) => `        "~(^|\\s)${escapeRegex(node.address)}$" ${node.name};`)
      .join('\n'),
  };
  const template = fs.readFileSync(templatePath, 'utf8');
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (match, name) => {
    if (!(name in values)) throw new Error(`nginx template: unknown placeholder ${match}`);
    return values[name];
  });
};
