import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import {
  buildCockpit,
  buildTrainerSession,
  refusal,
  trainerApi,
} from '../../trainer-sessions/testing/trainer-api';

const blue = buildTrainerSession().teams[0]!;
const red = {
  ...blue,
  uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000e002',
  name: 'Red Foxes',
  rank: 2,
  score: 40,
  token: 'abcdefghijklmnopqrstuvwxyz1',
  members: [{ pseudo: 'Bob', avatarId: null, isSelf: false, online: false }],
};
const session = buildTrainerSession({ teams: [blue, red], teamsCount: 2 });
const path = `/trainer/sessions/${session.uuid}`;
const sessionPath = `/api/trainer/sessions/${session.uuid}`;
const alice = buildCockpit(session).teams[0]!.members[0]!;

/** The cockpit is a lazy screen: on a busy machine its first render may take a while. */
const firstRender = { timeout: 15_000 };

const sentTo = (fetchMock: { mock: { calls: unknown[][] } }, suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => {
    const method = (init as RequestInit | undefined)?.method ?? 'GET';
    return `${method} ${String(url)}`.endsWith(suffix);
  });

describe('changing a session under way from the cockpit', () => {
  it('sends only what changed, and says so', async () => {
    const { fetchMock } = renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`PATCH ${sessionPath}`]: () =>
          Response.json({ session: { ...session, durationMinutes: 70, name: 'Friday, longer' } }),
      },
      streams: fakeEventStreams().create,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change the session' }, firstRender));
    const dialog = await screen.findByRole('dialog', { name: 'Change the session' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the changes' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Change something first.');
    fireEvent.change(within(dialog).getByLabelText('Minutes to add'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), {
      target: { value: 'Friday, longer' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = sentTo(fetchMock, `PATCH ${sessionPath}`);
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({
      name: 'Friday, longer',
      addMinutes: 10,
    });
  });

  it('keeps the dialog with the translated refusal of a removal that would end the game', async () => {
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`PATCH ${sessionPath}`]: refusal(409, 'session.would_end'),
      },
      streams: fakeEventStreams().create,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change the session' }, firstRender));
    const dialog = await screen.findByRole('dialog', { name: 'Change the session' });
    fireEvent.change(within(dialog).getByLabelText('Minutes to add'), { target: { value: '-90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Removing these minutes would end the game now. To end it, stop the session.',
    );
    expect((within(dialog).getByLabelText('Minutes to add') as HTMLInputElement).value).toBe('-90');
  });
});

describe('fixing teams from the cockpit', () => {
  it('moves a player to a team with room', async () => {
    const { fetchMock } = renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`POST ${sessionPath}/players/${alice.uuid}/move`]: () => Response.json({ session }),
      },
      streams: fakeEventStreams().create,
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Move or remove Alice' }, firstRender),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move Alice' });
    expect((within(dialog).getByLabelText('To the team') as HTMLSelectElement).value).toBe(
      red.uuid,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = sentTo(fetchMock, `/players/${alice.uuid}/move`);
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({ teamUuid: red.uuid });
  });

  it('removes a player only after a second, explicit confirmation', async () => {
    const { fetchMock } = renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`DELETE ${sessionPath}/players/${alice.uuid}`]: () => Response.json({ session }),
      },
      streams: fakeEventStreams().create,
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Move or remove Alice' }, firstRender),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move Alice' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Alice from the session' }));
    expect(sentTo(fetchMock, `/players/${alice.uuid}`)).toHaveLength(0);
    const confirm = await screen.findByRole('dialog', { name: 'Remove Alice from the session?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(sentTo(fetchMock, `DELETE ${sessionPath}/players/${alice.uuid}`)).toHaveLength(1),
    );
  });

  it('reinstates an eliminated team, and dissolves another', async () => {
    const eliminated = buildTrainerSession({
      teams: [blue, { ...red, eliminated: true, eliminationReason: 'Cheated' }],
      teamsCount: 2,
    });
    const { fetchMock } = renderApp(path, {
      api: {
        ...trainerApi({ session: eliminated }),
        [`POST ${sessionPath}/teams/${red.uuid}/reinstate`]: () => Response.json({ session }),
        [`POST ${sessionPath}/teams/${blue.uuid}/dissolve`]: () => Response.json({ session }),
      },
      streams: fakeEventStreams().create,
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Reinstate Red Foxes' }, firstRender),
    );
    const reinstate = await screen.findByRole('dialog', { name: 'Reinstate Red Foxes?' });
    fireEvent.click(within(reinstate).getByRole('button', { name: 'Reinstate' }));
    await waitFor(() => expect(sentTo(fetchMock, `/teams/${red.uuid}/reinstate`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Dissolve Blue Owls' }));
    const dissolve = await screen.findByRole('dialog', { name: 'Dissolve Blue Owls?' });
    expect(within(dissolve).getByText(/stays in the ranking, eliminated/)).toBeTruthy();
    fireEvent.change(within(dissolve).getByLabelText(/Reason/), {
      target: { value: 'Merged with Red' },
    });
    fireEvent.click(within(dissolve).getByRole('button', { name: 'Dissolve' }));
    await waitFor(() => expect(sentTo(fetchMock, `/teams/${blue.uuid}/dissolve`)).toHaveLength(1));
    const [call] = sentTo(fetchMock, `/teams/${blue.uuid}/dissolve`);
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({
      reason: 'Merged with Red',
    });
  });
});
