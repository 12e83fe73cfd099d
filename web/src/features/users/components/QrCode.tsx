// A QR code drawn as SVG from the `qr` library's module matrix. The library (a few KB) is loaded only
// when a code is shown, in the TOTP set-up, not with the settings page.
import { useEffect, useState } from 'react';
import { Skeleton, Text } from '@mantine/core';

/** One path of unit squares for the dark modules, with the four-module quiet zone around them. */
function modulesPath(matrix: boolean[][]): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x + 4} ${y + 4}h1v1h-1z`)));
  return parts.join('');
}

export function QrCode({ value, size = 200 }: { value: string; size?: number }) {
  const [matrix, setMatrix] = useState<boolean[][] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    setMatrix(null);
    import('qr')
      .then(({ default: encodeQR }) => active && setMatrix(encodeQR(value, 'raw', { ecc: 'medium' })))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [value]);

  if (failed) {
    return (
      <Text size="sm" c="dimmed">
        Não foi possível mostrar o QR code. Use a chave abaixo.
      </Text>
    );
  }
  if (!matrix) return <Skeleton width={size} height={size} radius="sm" aria-label="Carregando QR code" />;
  const side = matrix.length + 8;
  return (
    <svg
      role="img"
      aria-label="QR code para o aplicativo autenticador"
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
    >
      <path d={modulesPath(matrix)} fill="#000" />
    </svg>
  );
}
