import { auditActions } from '@rampart/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/cockpit.json';
import fr from '../../../locales/fr/cockpit.json';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import {
  buildAuditEntry,
  buildTrainerSession,
  refusal,
  trainerApi,
} from '../../trainer-sessions/testing/trainer-api';

const session = buildTrainerSession();
const team = session.teams[0]!;
const path = `/trainer/sessions/${session.uuid}`;
const auditPath = `GET /api/trainer/sessions/${session.uuid}/audit`;

describe('the session’s audit list', () => {
  it('says who did what, to which team, when and why, newest first', async () => {
    const audit = [
      buildAuditEntry({
        id: 3,
        action: 'score.adjusted',
        targetUuid: team.uuid,
        reason: 'Found a real bug',
        details: { points: 50, score: 170 },
      }),
      buildAuditEntry({
        id: 2,
        action: 'team.eliminated',
        targetUuid: team.uuid,
        reason: 'Attacked the scoring server',
      }),
      buildAuditEntry({ id: 1, action: 'session.paused' }),
    ];
    renderApp(path, { api: trainerApi({ session, audit }), streams: fakeEventStreams().create });
    const panel = await screen.findByTestId('cockpit-audit');
    const rows = await within(panel).findAllByTestId('audit-entry');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Score adjusted.*Blue Owls.*\+50.*by Trainer.*Found a real bug/),
      expect.stringMatching(/Team eliminated.*Blue Owls.*by Trainer.*Attacked the scoring server/),
      expect.stringMatching(/Session paused.*by Trainer/),
    ]);
  });

  it('reads the list again when the stream announces another trainer’s action', async () => {
    const streams = fakeEventStreams();
    const audit = [buildAuditEntry({ id: 1, action: 'session.started' })];
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [auditPath]: () => Response.json({ entries: audit, nextBefore: null }),
      },
      streams: streams.create,
    });
    const panel = await screen.findByTestId('cockpit-audit');
    await within(panel).findByText('Session started');
    audit.unshift(
      buildAuditEntry({ id: 2, action: 'objective.unlocked', targetUuid: null, reason: null }),
    );
    streams.emit(`/api/trainer/sessions/${session.uuid}/events`, {
      type: 'objective.unlocked',
      payload: { objectiveUuid: '0190a1b2-c3d4-7e5f-8a9b-00000000f002' },
    });
    expect(await within(panel).findByText('Objective unlocked')).toBeTruthy();
  });

  it('pages down to older actions', async () => {
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [auditPath]: (_init, url) =>
          new URL(url, 'http://test').searchParams.get('before') === '3'
            ? Response.json({
                entries: [buildAuditEntry({ id: 2, action: 'session.created' })],
                nextBefore: null,
              })
            : Response.json({
                entries: [buildAuditEntry({ id: 3, action: 'session.started' })],
                nextBefore: 3,
              }),
      },
      streams: fakeEventStreams().create,
    });
    const panel = await screen.findByTestId('cockpit-audit');
    await within(panel).findByText('Session started');
    fireEvent.click(within(panel).getByRole('button', { name: 'Show older actions' }));
    expect(await within(panel).findByText('Session created')).toBeTruthy();
    expect(within(panel).getAllByTestId('audit-entry')).toHaveLength(2);
    expect(within(panel).queryByRole('button', { name: 'Show older actions' })).toBeNull();
  });

  it('names every action of the contracts in both languages', () => {
    const missing = auditActions.filter(
      (action) => !(action in en.audit.actions) || !(action in fr.audit.actions),
    );
    expect(missing).toEqual([]);
  });

  it('shows the refusal when the list cannot be read', async () => {
    renderApp(path, {
      api: { ...trainerApi({ session }), [auditPath]: refusal(404, 'session.not_found') },
      streams: fakeEventStreams().create,
    });
    const panel = await screen.findByTestId('cockpit-audit');
    expect(await within(panel).findByText('This session does not exist.')).toBeTruthy();
  });
});
