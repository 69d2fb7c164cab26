import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

describe('the app shell', () => {
  const b = useBrowser();

  it('shows the not-found page for an unknown route, with the footer', async () => {
    await b.page.goto('/no/such/page/here');
    await b.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const footer = await b.page.getByRole('contentinfo').textContent();
    expect(footer).toContain(String(new Date().getFullYear()));
    expect(footer).toContain('patent pending');
  });

  it('sends a visitor without a session from a protected page to /login', async () => {
    await b.page.goto('/settings');
    await b.page.waitForURL('**/login');
    expect(new URL(b.page.url()).pathname).toBe('/login');
  });
});
