import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** A person of the test organisation: how they sign in at the provider, and what it says of them. */
export interface ProviderUser {
  subject: string;
  login: string;
  password: string;
  claims?: Record<string, unknown>;
}

export const RAMPART_CLIENT = { id: 'rampart', secret: 'rampart-test-secret-0123456789abcdef' };
/** Another application of the same organisation: its tokens are not Rampart's. */
export const OTHER_CLIENT = { id: 'other-app', secret: 'other-test-secret-0123456789abcdefgh' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const loginPage = (uid: string, error: string | null) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test organisation sign-in</title></head>
<body><main><h1>Test organisation</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Login <input name="login" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form></main></body></html>`;

const readForm = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
};

/**
 * A real OpenID provider (oidc-provider, a certified implementation) on a free local port, with
 * Rampart's client and another one, a user store with passwords, and its own login page: the
 * tests sign in there as a person would. Consent is implied (a first-party application).
 */
export const startTestProvider = async (options: {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  users: ProviderUser[];
  idTokenTtlSeconds?: number;
}) => {
  const users = new Map(options.users.map((user) => [user.login, user]));
  const bySubject = () => new Map([...users.values()].map((user) => [user.subject, user]));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });
  const client = (credentials: { id: string; secret: string }) => ({
    client_id: credentials.id,
    client_secret: credentials.secret,
    redirect_uris: options.redirectUris,
    post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
    token_endpoint_auth_method: 'client_secret_post' as const,
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
  });
  const provider = new Provider(issuer, {
    clients: [client(RAMPART_CLIENT), client(OTHER_CLIENT)],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name', 'locale', 'roles', 'realm_access'],
      email: ['email', 'email_verified'],
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      IdToken: options.idTokenTtlSeconds ?? 3600,
      AccessToken: 3600,
      Interaction: 3600,
      Grant: 3600,
      Session: 3600,
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, id) {
      const user = bySubject().get(id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, preferred_username: user.login, ...user.claims }),
      };
    },
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId =
        (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('test provider error', error));
  const handleProvider = provider.callback();

  const handleInteraction = async (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(request.url ?? '');
    const details = await provider.interactionDetails(request, response);
    if (!match?.[2] || request.method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(loginPage(details.uid, null));
    }
    const form = await readForm(request);
    const user = users.get(form.get('login') ?? '');
    if (!user || user.password !== form.get('password')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(loginPage(details.uid, 'Wrong login or password.'));
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: user.subject } },
      { mergeWithLastSubmission: false },
    );
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      handleInteraction(request, response).catch((error: unknown) => {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
    } else {
      void handleProvider(request, response);
    }
  });

  return {
    issuer,
    addUser: (user: ProviderUser) => users.set(user.login, user),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;

/**
 * Signs in at the provider as a person would, without a browser: from an authorization URL,
 * through the provider's login page, to the address it sends the browser back to.
 */
export const signInAtProvider = async (
  authorizationUrl: string,
  user: { login: string; password: string },
) => {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  let response = await send(authorizationUrl);
  for (let hops = 0; hops < 10; hops += 1) {
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    const next = new URL(location, origin);
    if (next.origin !== origin) return next.href;
    if (next.pathname.startsWith('/interaction/')) {
      await send(next.href);
      response = await send(`${next.href.replace(/\/$/, '')}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: user.login, password: user.password }).toString(),
      });
    } else {
      response = await send(next.href);
    }
  }
  throw new Error('the provider never sent the browser back');
};
