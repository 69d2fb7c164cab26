import { describe, expect, it } from 'vitest';
import { signupViaApi } from '../support/api';
import { baseURL, useBrowser } from '../support/browser';

// Issue 20, "Per-IP login hold": while someone's wrong passwords hold the account at this address, its
// owner logs in from a browser that never logged in to it: the login page solves the server's challenge
// ("Checking this browser…") and sends the password again with the solution.

const login = (email: string, password: string) =>
  fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('a login challenge for a browser new to the account', () => {
  const b = useBrowser();

  it('logs the owner in through the form from a fresh browser while the hold is on', async () => {
    const user = await signupViaApi();
    for (let i = 0; i < 10; i++) expect((await login(user.email, `wrong ${i}`)).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(429);

    const statuses: number[] = [];
    b.page.on('response', (res) => {
      if (res.url().endsWith('/api/login') && res.request().method() === 'POST') statuses.push(res.status());
    });
    // The solved challenge's request waits until the page has said what it is doing.
    await b.page.route('**/api/login', async (route) => {
      if (route.request().postData()?.includes('"challenge"')) {
        await b.page.getByRole('status').getByText('Checking this browser…').waitFor();
      }
      await route.continue();
    });
    await b.page.goto('/login');
    await b.page.getByLabel('Email').fill(user.email);
    await b.page.getByLabel('Password', { exact: true }).fill(user.password);
    await b.page.getByRole('button', { name: 'Log in' }).click();
    await b.page.getByText(`Welcome back, ${user.name}`).waitFor();
    await b.page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(statuses).toEqual([429, 200]);
  });
});
