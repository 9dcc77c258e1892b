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

export const composePath = new URL('../compose.yaml', import.meta.url);
export const composeNginxConfigPath = new URL('../compose/nginx.conf', import.meta.url);

/**
 * The template's values for compose, read from deploy/compose.yaml: its `rampart-N` services at
 * their fixed addresses and ports, nginx's published port, the official nginx image's paths.
 */
export const composeNginxOptions = (compose) => ({
  listen: String(compose.services.nginx.ports[0]).split(':').at(-1),
  nodes: Object.entries(compose.services)
    .filter(([name]) => /^rampart-\d+$/.test(name))
    .map(([name, service]) => ({
      name: name.replace('rampart-', 'node-'),
      address: `${service.networks.rampart.ipv4_address}:${service.environment.PORT}`,
    })),
  runDir: '/var/cache/nginx',
  errorLog: '/dev/stderr',
  accessLog: '/dev/stdout',
  user: 'nginx',
});

export const readCompose = async () => {
  const { parse } = await import('yaml');
  return parse(fs.readFileSync(composePath, 'utf8'), { merge: true });
};

// `node deploy/cluster/nginx-config.mjs`: writes compose's nginx.conf after a change of the
// template or of compose.yaml (a test fails until it matches).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  fs.writeFileSync(
    composeNginxConfigPath,
    renderNginxConfig(composeNginxOptions(await readCompose())),
  );
  console.log(`wrote ${composeNginxConfigPath.pathname}`);
}
