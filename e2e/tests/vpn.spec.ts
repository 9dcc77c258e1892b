import { expect, test } from './support/checks';
import { enterLabGame, importLabDrill } from './support/lab-pack';
import { signInTrainer } from './support/trainer';

/**
 * The VPN tab end to end, on the fake lab provider: bob's team's lab starts with the session; he
 * downloads his WireGuard profile from the VPN tab and shows it as a QR code.
 */

const streamText = async (stream: NodeJS.ReadableStream) => {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
};

test('bob downloads his WireGuard profile from the VPN tab and shows it as a QR code', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const missionUuid = await importLabDrill(trainer, {
    slug: 'vpn-drill',
    title: { en: 'VPN drill', fr: 'Exercice VPN' },
    summary: { en: 'A lab reached through the VPN.', fr: 'Un lab joint par le VPN.' },
    missionTitle: { en: 'Tunnel access', fr: 'Accès par tunnel' },
    image: 'rampart/workstation:1',
    vpn: true,
    position: 90,
  });
  const bob = await enterLabGame(browser, trainer, {
    missionUuid,
    sessionName: 'VPN drill',
    username: 'bob',
    teamName: 'Tunnels',
  });

  await bob.getByRole('tab', { name: 'VPN' }).click();
  // No "Start the lab": the session's start gave every team its lab.
  await expect(bob.getByRole('status').filter({ hasText: 'Not connected yet' })).toBeVisible();
  await expect(bob.getByText('10.201.0.2/32')).toBeVisible();

  const [download] = await Promise.all([
    bob.waitForEvent('download'),
    bob.getByRole('button', { name: 'Download the profile' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('vpn-drill.conf');
  const profile = await streamText(await download.createReadStream());
  expect(profile).toMatch(/^PrivateKey = [A-Za-z0-9+/]{43}=$/m);
  expect(profile).toContain('Address = 10.201.0.2/32');
  expect(profile).toMatch(/^AllowedIPs = \d+\.\d+\.\d+\.\d+\/\d+$/m);
  expect(profile).not.toContain('0.0.0.0/0');

  await bob.getByRole('button', { name: 'Show the QR code' }).click();
  await expect(bob.getByRole('img', { name: /QR code of your WireGuard profile/ })).toBeVisible();
  await bob.context().close();
});
