const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size for people, in powers of 1024 with one decimal from KB on: "512 bytes", "1.5 GB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
