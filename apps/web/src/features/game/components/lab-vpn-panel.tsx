import { vpnConnectedSeconds, type VpnStatus } from '@rampart/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useTimeFormat } from '../../../lib/use-time-format';
import { fetchVpnProfile, useVpnStatus } from '../api/lab-vpn';
import styles from './lab-vpn-panel.module.css';

// The QR library is loaded when a player asks for the code, never with the game's first screen.
const VpnQrCode = lazy(() => import('./vpn-qr-code'));

/** Saves a text as a file, as the browser's own downloads do. */
const saveFile = (filename: string, text: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
};

/** Connected when the laptop's last handshake is recent (WireGuard renews one every 2 min). */
const isConnected = (status: VpnStatus) =>
  status.lastHandshakeAt !== null &&
  Date.parse(status.serverTime) - Date.parse(status.lastHandshakeAt) < vpnConnectedSeconds * 1000;

/**
 * The VPN tab of a lab with a VPN (docs/labs.md): the player's own WireGuard profile — download
 * it, or show it as a QR code for the mobile app — a connection indicator, and how to connect.
 * The file and the code hold the player's private key: they are fetched only when asked and the
 * code is shown only on demand (screens are shared in class).
 */
export function LabVpnPanel({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation(['labVpn', 'errors']);
  const formatTime = useTimeFormat();
  const status = useVpnStatus(sessionUuid, true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [qrText, setQrText] = useState<string | null>(null);
  const headingId = useId();
  const stepsId = useId();

  if (status.isPending) return <SectionLoading lines={5} />;
  if (status.isError)
    return <SectionError error={status.error} onRetry={() => void status.refetch()} />;
  const vpn = status.data;
  const connected = isConnected(vpn);

  /** Runs a profile fetch, showing its failure in the panel (the spec's messages). */
  const withProfile = async (handle: (text: string) => void) => {
    setBusy(true);
    setFailure(null);
    try {
      handle(await fetchVpnProfile(sessionUuid));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const statusText = vpn.lastHandshakeAt
    ? t(connected ? 'status.connectedSince' : 'status.idleSince', {
        time: formatTime(vpn.lastHandshakeAt),
      })
    : t('status.never');

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {t('title')}
        </h2>
        <p className={styles.indicator} data-connected={connected} role="status" aria-live="polite">
          <span className={styles.dot} aria-hidden="true" />
          {statusText}
        </p>
      </header>
      <p className={styles.intro}>{t('intro')}</p>

      <dl className={styles.details} aria-label={t('details.label')}>
        <div>
          <dt>{t('details.address')}</dt>
          <dd>
            <code>{vpn.address}</code>
          </dd>
        </div>
        <div>
          <dt>{t('details.endpoint')}</dt>
          <dd>
            <code>{vpn.endpoint}</code>
          </dd>
        </div>
        <div>
          <dt>{t('details.labNetwork')}</dt>
          <dd>
            <code>{vpn.labCidr}</code>
          </dd>
        </div>
      </dl>

      <div className={styles.actions}>
        <Button
          onClick={() => void withProfile((text) => saveFile(vpn.filename, text))}
          disabled={busy}
          aria-describedby={stepsId}
        >
          {busy ? t('downloading') : t('download')}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={qrText !== null}
          disabled={busy}
          onClick={() =>
            qrText === null ? void withProfile((text) => setQrText(text)) : setQrText(null)
          }
        >
          {qrText === null ? t('qr.show') : t('qr.hide')}
        </Button>
      </div>
      {failure !== null && (
        <p
          className={styles.error}
          role="alert"
          data-code={isApiError(failure) ? failure.code : undefined}
        >
          {isApiError(failure) ? errorMessage(t, failure, 'session') : t('downloadFailed')}
        </p>
      )}
      {qrText !== null && (
        <figure className={styles.qrFigure}>
          <Suspense fallback={<p>{t('qr.loading')}</p>}>
            <VpnQrCode text={qrText} label={t('qr.alt')} />
          </Suspense>
          <figcaption>{t('qr.warning')}</figcaption>
        </figure>
      )}

      <div className={styles.steps}>
        <h3 id={stepsId} className={styles.stepsTitle}>
          {t('steps.title')}
        </h3>
        <ol>
          <li>{t('steps.install')}</li>
          <li>{t('steps.import')}</li>
          <li>{t('steps.connect')}</li>
          <li>{t('steps.reach', { network: vpn.labCidr })}</li>
        </ol>
        <p className={styles.private}>{t('private')}</p>
      </div>
    </section>
  );
}
