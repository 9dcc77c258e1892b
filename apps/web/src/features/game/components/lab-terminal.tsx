import '@xterm/xterm/css/xterm.css';
import type { ConsoleTicket } from '@rampart/contracts';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { requestConsoleTicket } from '../api/lab-environment';
import {
  openConsoleConnection,
  type ConsoleReason,
  type ConsoleStatus,
} from '../lib/console-connection';
import styles from './lab-terminal.module.css';

interface LabTerminalProps {
  sessionUuid: string;
  machine: string;
  /** Where tickets come from when not the player's own team (the trainer's, for a team). */
  requestTicket?: () => Promise<ConsoleTicket>;
}

/**
 * The terminal of the Console tab (xterm.js), loaded on demand: its code never weighs on pages
 * that show no console. Tab and arrows belong to the shell, so Escape then Tab leaves it.
 */
export default function LabTerminal({ sessionUuid, machine, requestTicket }: LabTerminalProps) {
  const { t } = useTranslation('labConsole');
  // A new key remounts a new console after one ended.
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<{ status: ConsoleStatus; reason?: ConsoleReason }>({
    status: 'connecting',
  });
  const container = useRef<HTMLDivElement>(null);
  const terminalRef = useRef<Terminal | null>(null);
  const inputLabel = t('terminal.input');
  // Read at each connection: a new function from the parent never reopens the console.
  const ticketSource = useRef(requestTicket);
  useEffect(() => {
    ticketSource.current = requestTicket;
  }, [requestTicket]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const styleOf = getComputedStyle(element);
    const terminal = new Terminal({
      cursorBlink: true,
      fontFamily: styleOf.getPropertyValue('--font-mono') || 'monospace',
      fontSize: 14,
      scrollback: 2000,
      theme: { background: '#0b0f14', foreground: '#e6edf3', cursor: '#bede47' },
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(element);
    terminalRef.current = terminal;
    fit.fit();
    let escaped = false;
    terminal.attachCustomKeyEventHandler((event) => {
      if (event.type !== 'keydown') return true;
      // Escape still reaches the shell (editors need it); a Tab right after it leaves.
      if (event.key === 'Tab' && escaped) {
        escaped = false;
        return false;
      }
      escaped = event.key === 'Escape';
      return true;
    });
    const connection = openConsoleConnection({
      ticket: () => ticketSource.current?.() ?? requestConsoleTicket(sessionUuid),
      output: (bytes) => terminal.write(bytes),
      status: (status, reason) => setState(reason ? { status, reason } : { status }),
      resumed: () => terminal.reset(),
      size: () => ({ cols: terminal.cols, rows: terminal.rows }),
    });
    const typed = terminal.onData((data) => connection.send(data));
    const resized = terminal.onResize(({ cols, rows }) => connection.resize(cols, rows));
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0 && element.clientHeight > 0) fit.fit();
    });
    observer.observe(element);
    terminal.focus();
    return () => {
      observer.disconnect();
      typed.dispose();
      resized.dispose();
      connection.close();
      terminalRef.current = null;
      terminal.dispose();
    };
  }, [sessionUuid, generation]);

  // Its own effect: changing the language relabels the input, never reopens the console.
  useEffect(() => {
    terminalRef.current?.textarea?.setAttribute('aria-label', inputLabel);
  }, [inputLabel, generation]);

  const over = state.status === 'ended' || state.status === 'failed';
  return (
    <div className={styles.console}>
      <div className={styles.bar}>
        <span className={styles.machine}>{t('terminal.machine', { machine })}</span>
        <p className={styles.status} role="status" data-status={state.status}>
          <span className={styles.dot} aria-hidden="true" />
          {t(`terminal.status.${state.status}`)}
        </p>
      </div>
      <div
        ref={container}
        className={styles.screen}
        role="group"
        aria-label={t('terminal.label', { machine })}
        data-testid="lab-terminal"
      />
      <p className={styles.hint}>{t('terminal.hint')}</p>
      {over && (
        <div className={styles.over} role="alert">
          {state.reason && <p>{t(`terminal.reason.${reasonKey(state.reason)}`)}</p>}
          <Button variant="secondary" onClick={() => setGeneration((n) => n + 1)}>
            {t('terminal.reopen')}
          </Button>
        </div>
      )}
    </div>
  );
}

const known = new Set(['exited', 'idle', 'expired', 'released', 'unavailable', 'limit', 'network']);
/** Ticket refusals from the server read as the lab being gone or unreachable. */
const reasonKey = (reason: ConsoleReason) =>
  (known.has(reason)
    ? reason
    : reason === 'lab.not_found' || reason === 'lab.not_ready'
      ? 'expired'
      : 'unavailable') as
    'exited' | 'idle' | 'expired' | 'released' | 'unavailable' | 'limit' | 'network';
