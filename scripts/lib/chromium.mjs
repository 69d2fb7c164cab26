// Debian's Chromium, never a downloaded browser, for the browser tests and the first-frame bench alike.
// The flags keep it off this machine's closed network.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
