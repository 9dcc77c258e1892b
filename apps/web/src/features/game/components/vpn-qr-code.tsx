import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import styles from './lab-vpn-panel.module.css';

interface VpnQrCodeProps {
  text: string;
  label: string;
}

/**
 * The profile as a QR code, drawn as one SVG path of dark modules (no markup from the library).
 * Its own chunk, loaded when a player asks for the code: the QR library never weighs on the
 * game's first screen, let alone the login page.
 */
export default function VpnQrCode({ text, label }: VpnQrCodeProps) {
  const { size, path } = useMemo(() => {
    // Level M: a WireGuard profile (~300 bytes) stays a code phones read from a screen.
    const code = qrcode(0, 'M');
    code.addData(text, 'Byte');
    code.make();
    const count = code.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row += 1)
      for (let col = 0; col < count; col += 1)
        if (code.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
    return { size: count, path: d };
  }, [text]);
  // A quiet zone of 4 modules, as the standard asks, so scanners find the code.
  return (
    <svg
      className={styles.qr}
      role="img"
      aria-label={label}
      viewBox={`-4 -4 ${size + 8} ${size + 8}`}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
