import type { SessionEnvironments } from '@rampart/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import {
  buildSessionEnvironments,
  buildTrainerEnvironment,
  buildTrainerSession,
  refusal,
  trainerApi,
} from '../../trainer-sessions/testing/trainer-api';

const session = buildTrainerSession();
const team = session.teams[0]!;
const path = `/trainer/sessions/${session.uuid}`;
const base = `/api/trainer/sessions/${session.uuid}`;
const teamUuid = (n: number) => `0190a1b2-c3d4-7e5f-8a9b-00000000e${String(n).padStart(3, '0')}`;

const withEnvironment = (environment: SessionEnvironments['teams'][number]['environment']) =>
  buildSessionEnvironments(session, {
    teams: [{ teamUuid: team.uuid, teamName: team.name, eliminated: false, environment }],
  });

const render = (environments: SessionEnvironments, api: Record<string, unknown> = {}) => {
  const streams = fakeEventStreams();
  const rendered = renderApp(path, {
    api: { ...trainerApi({ session, environments }), ...(api as object) },
    streams: streams.create,
  });
  return { ...rendered, streams };
};

const panel = () => screen.findByTestId('cockpit-labs');
const sent = (fetchMock: ReturnType<typeof render>['fetchMock'], suffix: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith(suffix) && init?.method === 'POST',
  );

describe('the lab environments panel', () => {
  it('is absent when the session’s mission has no lab', async () => {
    renderApp(path, { api: trainerApi({ session }), streams: fakeEventStreams().create });
    await screen.findByTestId('cockpit-summary');
    await screen.findAllByTestId('cockpit-team');
    expect(screen.queryByTestId('cockpit-labs')).toBeNull();
  });

  it('says each team’s state in words, with time left, extensions and the last error', async () => {
    const phases = [
      'Provisioning',
      'Ready',
      'Degraded',
      'Releasing',
      'Released',
      'Failed',
    ] as const;
    const environments = buildSessionEnvironments(session, {
      teams: [
        { teamUuid: teamUuid(100), teamName: 'Team none', eliminated: false, environment: null },
        ...phases.map((phase, index) => ({
          teamUuid: teamUuid(101 + index),
          teamName: `Team ${phase}`,
          eliminated: false,
          environment: buildTrainerEnvironment({
            phase,
            renewCount: 1,
            lastError: phase === 'Failed' ? 'sandbox did not start' : null,
          }),
        })),
      ],
    });
    render(environments);
    const rows = within(await panel()).getAllByTestId('lab-environment');
    const texts = rows.map((row) => within(row).getByText(/^Team /).nextSibling?.textContent);
    expect(texts).toEqual([
      'None',
      'Provisioning',
      'Ready',
      'Degraded',
      'Releasing',
      'Released',
      'Failed',
    ]);
    const ready = rows[2]!;
    expect(within(ready).getByTestId('lab-time-left').textContent).toMatch(/^(19:5\d|20:00)$/);
    expect(within(ready).getByText('1 of 2')).toBeTruthy();
    expect(
      within(ready).getByRole('button', { name: 'Extend the environment of Team Ready' }),
    ).toBeTruthy();
    // Over: no time left, no action.
    expect(within(rows[5]!).queryByTestId('lab-time-left')).toBeNull();
    expect(within(rows[5]!).queryByRole('button')).toBeNull();
    expect(within(rows[6]!).getByText('Last error: sandbox did not start')).toBeTruthy();
    expect(within(rows[0]!).queryByText(/Last error/)).toBeNull();
  });

  it('pre-warms every team after confirmation, then follows the stream to show them ready', async () => {
    let environments = withEnvironment(null);
    const { fetchMock, streams } = render(environments, {
      [`GET ${base}/environments`]: () => Response.json(environments),
      [`POST ${base}/environments/prewarm`]: () => Response.json({ allocated: 1, failed: [] }),
    });
    fireEvent.click(
      await within(await panel()).findByRole('button', { name: 'Pre-warm all teams' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pre-warm lab environments' });
    expect(sent(fetchMock, '/prewarm')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pre-warm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(sent(fetchMock, '/prewarm')[0]![1]!.body))).toEqual({});
    expect(await screen.findByText('One environment started.')).toBeTruthy();
    environments = withEnvironment(buildTrainerEnvironment({ phase: 'Ready' }));
    streams.emit(`${base}/events`, {
      type: 'lab.environment_changed',
      payload: {
        teamUuid: team.uuid,
        environmentUuid: buildTrainerEnvironment().uuid,
        phase: 'Ready',
        expiresAt: buildTrainerEnvironment().expiresAt,
      },
    });
    await waitFor(() =>
      expect(screen.getByTestId('lab-environment').getAttribute('data-phase')).toBe('Ready'),
    );
    expect(
      within(await panel()).getByRole('button', { name: 'Pre-warm all teams' }),
    ).toHaveProperty('disabled', true);
  });

  it('names, translated, why teams were left without an environment', async () => {
    render(withEnvironment(null), {
      [`POST ${base}/environments/prewarm`]: () =>
        Response.json({ allocated: 0, failed: [{ teamUuid: team.uuid, code: 'lab.no_capacity' }] }),
    });
    fireEvent.click(
      await within(await panel()).findByRole('button', { name: 'Pre-warm all teams' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pre-warm lab environments' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pre-warm' }));
    expect(await screen.findByText('One team is left without an environment.')).toBeTruthy();
    expect(await screen.findByText('No environment available, try again later')).toBeTruthy();
  });

  it('extends one team’s environment after confirmation', async () => {
    const { fetchMock } = render(withEnvironment(buildTrainerEnvironment()), {
      [`POST ${base}/teams/${team.uuid}/environment/extend`]: () =>
        Response.json({ environment: buildTrainerEnvironment({ renewCount: 1 }) }),
    });
    fireEvent.click(
      await within(await panel()).findByRole('button', {
        name: 'Extend the environment of Blue Owls',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Extend the environment of Blue Owls',
    });
    expect(within(dialog).getByText(/Extensions used: 0 of 2/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, '/environment/extend')).toHaveLength(1);
    expect(await screen.findByText('The environment of Blue Owls was extended.')).toBeTruthy();
  });

  it('keeps the dialog open with the translated refusal', async () => {
    render(withEnvironment(buildTrainerEnvironment()), {
      [`POST ${base}/teams/${team.uuid}/environment/extend`]: refusal(409, 'lab.extension_limit'),
    });
    fireEvent.click(
      await within(await panel()).findByRole('button', {
        name: 'Extend the environment of Blue Owls',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Extend the environment of Blue Owls',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This environment cannot be extended any further.',
    );
  });

  it('no longer offers to extend once the extensions are used up', async () => {
    render(withEnvironment(buildTrainerEnvironment({ renewCount: 2 })));
    const extend = await within(await panel()).findByRole('button', {
      name: 'Extend the environment of Blue Owls',
    });
    expect(extend).toHaveProperty('disabled', true);
    expect(within(await panel()).getByText('2 of 2')).toBeTruthy();
  });

  it('releases one team, and all, each saying it cannot be undone', async () => {
    const { fetchMock } = render(withEnvironment(buildTrainerEnvironment()), {
      [`POST ${base}/environments/release`]: () => Response.json({ released: 1 }),
    });
    fireEvent.click(
      await within(await panel()).findByRole('button', {
        name: 'Release the environment of Blue Owls',
      }),
    );
    let dialog = await screen.findByRole('dialog', {
      name: 'Release the environment of Blue Owls',
    });
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(sent(fetchMock, '/environments/release')[0]![1]!.body))).toEqual({
      teamUuid: team.uuid,
    });
    fireEvent.click(within(await panel()).getByRole('button', { name: 'Release all' }));
    dialog = await screen.findByRole('dialog', { name: 'Release every environment' });
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release all' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(sent(fetchMock, '/environments/release')[1]![1]!.body))).toEqual({});
    expect(await screen.findByText('One environment released.')).toBeTruthy();
  });

  it('once the session is over, offers only to release what still runs', async () => {
    const stopped = buildTrainerSession({ status: 'stopped' });
    renderApp(`/trainer/sessions/${stopped.uuid}`, {
      api: trainerApi({
        session: stopped,
        environments: buildSessionEnvironments(stopped, {
          teams: [
            {
              teamUuid: team.uuid,
              teamName: team.name,
              eliminated: false,
              environment: buildTrainerEnvironment(),
            },
          ],
        }),
      }),
      streams: fakeEventStreams().create,
    });
    const labs = await panel();
    expect(within(labs).queryByRole('button', { name: /Pre-warm/ })).toBeNull();
    expect(within(labs).queryByRole('button', { name: /Extend/ })).toBeNull();
    expect(
      within(labs).getByRole('button', { name: 'Release the environment of Blue Owls' }),
    ).toBeTruthy();
    expect(within(labs).getByRole('button', { name: 'Release all' })).toBeTruthy();
  });

  it('says how many teams the session’s start left without an environment, and why', async () => {
    render(
      buildSessionEnvironments(session, {
        teams: [{ teamUuid: team.uuid, teamName: team.name, eliminated: false, environment: null }],
        startAllocation: { at: new Date().toISOString(), allocated: 2, noCapacity: 3, failed: 0 },
      }),
    );
    expect((await screen.findByTestId('lab-start-left-out')).textContent).toBe(
      'At the start, 3 teams got no environment: capacity was full. They get one on first use of the Console tab once capacity frees up, or pre-warm them then.',
    );
  });

  describe('a team’s console', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('opens the team’s console in a dialog with a trainer’s ticket, and only while it runs', async () => {
      const opened: string[] = [];
      vi.stubGlobal(
        'WebSocket',
        class {
          static readonly OPEN = 1;
          readyState = 0;
          binaryType = 'blob';
          onmessage = null;
          onclose = null;
          constructor(url: string) {
            opened.push(url);
          }
          send() {}
          close() {}
        },
      );
      // What xterm.js asks of a browser and jsdom lacks.
      vi.stubGlobal('matchMedia', () => ({
        matches: false,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      vi.stubGlobal(
        'ResizeObserver',
        class {
          observe() {}
          disconnect() {}
        },
      );
      const { fetchMock } = render(withEnvironment(buildTrainerEnvironment()), {
        [`POST ${base}/teams/${team.uuid}/environment/console-tickets`]: () =>
          Response.json(
            {
              ticket: 'trainer-ticket',
              expiresInSeconds: 30,
              url: '/ws/console?ticket=trainer-ticket',
            },
            { status: 201 },
          ),
      });
      fireEvent.click(
        await within(await panel()).findByRole('button', { name: 'Open console of Blue Owls' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Console of Blue Owls' });
      expect(within(dialog).getByText(/recorded in the audit log/)).toBeTruthy();
      expect(await within(dialog).findByTestId('lab-terminal')).toBeTruthy();
      await waitFor(() => expect(opened).toHaveLength(1));
      expect(opened[0]).toMatch(/\/ws\/console\?ticket=trainer-ticket$/);
      expect(sent(fetchMock, `/teams/${team.uuid}/environment/console-tickets`)).toHaveLength(1);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close the console' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('is not offered for a team whose lab is still starting', async () => {
      render(withEnvironment(buildTrainerEnvironment({ phase: 'Provisioning' })));
      const rows = within(await panel()).getAllByTestId('lab-environment');
      expect(within(rows[0]!).queryByRole('button', { name: /Open console/ })).toBeNull();
    });
  });
});
