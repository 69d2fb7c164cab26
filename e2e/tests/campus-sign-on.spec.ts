import { randomUUID } from 'node:crypto';
import type { LoginAnswer } from '@lectern/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CampusIdp, type CampusPerson, startCampusIdp } from '../../server/test/campus-idp';
import { apiCall } from '../support/api';
import { useBrowser } from '../support/browser';
import { type OwnLectern, ownLectern } from '../support/own-server';

// Campus single sign-on in Chromium (issue 23): a Lectern of its own configured with OIDC_* against the
// in-process OpenID provider (server/test/campus-idp.ts). The login page's "Log in with State University",
// the provider's login page, and back signed in; an existing password account is linked only once its
// owner has logged in with its password in that browser; a callback whose code or state was changed is
// refused with a plain error page.

let lectern: OwnLectern;
let idp: CampusIdp;
const b = useBrowser();

beforeAll(async () => {
  lectern = await ownLectern();
  idp = await startCampusIdp(`${lectern.url}/sso/callback`);
  await lectern.start({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: 'State University',
  });
});

afterAll(async () => {
  await lectern?.close();
  await idp?.close();
});

const campusPerson = (email = `${randomUUID()}@campus.example.edu`): CampusPerson => {
  const who = { sub: `ada-${randomUUID().slice(0, 8)}`, name: 'Ada Campus', email, emailVerified: true };
  idp.enrol(who);
  return who;
};

/** From Lectern's login page through the provider's: `who` signs in there unless its session remains. */
async function signOnFromLoginPage(page: Page, who: CampusPerson) {
  await page.goto(`${lectern.url}/login`);
  await page.getByRole('link', { name: 'Log in with State University' }).click();
  await page.waitForURL((url) => url.origin === idp.issuer || url.origin === lectern.url);
  if (new URL(page.url()).origin === idp.issuer) {
    await page.getByLabel('Campus user name').fill(who.sub);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/** Who the browser is signed in as, from the settings page. */
async function signedInUserId(page: Page) {
  await page.getByRole('link', { name: 'Settings' }).click();
  const line = await page.getByText(/^User ID is /).textContent();
  return line!.replace('User ID is ', '');
}

describe('campus sign-on in the browser', () => {
  it('signs a new campus person in, and the same account again the next time', async () => {
    const page = b.page;
    const ada = campusPerson();
    await signOnFromLoginPage(page, ada);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    const first = await signedInUserId(page);

    await page.getByRole('button', { name: 'Logout' }).click();
    await signOnFromLoginPage(page, ada);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await signedInUserId(page)).toBe(first);
  });

  it('links an existing password account only after its owner logs in with the password', async () => {
    const page = b.page;
    const email = `${randomUUID()}@campus.example.edu`;
    const password = 'correct horse battery';
    const owner = await apiCall<LoginAnswer>('/api/signup/', {
      method: 'POST',
      base: lectern.url,
      body: { name: 'Grace Owner', email, password },
    });
    const grace = campusPerson(email);

    await signOnFromLoginPage(page, grace);
    await page.getByRole('heading', { name: 'Link your campus sign-on' }).waitFor();
    // Not signed in by the matching address: still the offer, on a second try too.
    await signOnFromLoginPage(page, grace);
    await page.getByRole('heading', { name: 'Link your campus sign-on' }).waitFor();

    await page.getByRole('link', { name: 'Log in with your password' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Logout' }).click();

    await signOnFromLoginPage(page, grace);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await signedInUserId(page)).toBe(owner.id);
  });

  it('refuses a callback whose code or state was changed, on a plain page', async () => {
    const page = b.page;
    const ada = campusPerson();
    /**
     * A sign-on started in the browser (its state cookie kept there) whose provider answer is held back:
     * the provider is passed here as the browser would pass it, and the callback URL it sends back is
     * returned instead of followed.
     */
    const heldCallback = async () => {
      let held: URL | undefined;
      await page.route(`${lectern.url}/sso/login`, async (route) => {
        const start = await route.fetch({ maxRedirects: 0 });
        held = await idp.authorize(start.headers().location!, ada);
        const headers = { 'set-cookie': start.headers()['set-cookie']!, 'content-type': 'text/plain' };
        await route.fulfill({ status: 200, headers, body: 'held' });
      });
      await page.goto(`${lectern.url}/sso/login`);
      await page.unrouteAll();
      return held!;
    };

    const changedCode = await heldCallback();
    changedCode.searchParams.set('code', `${changedCode.searchParams.get('code')}x`);
    await page.goto(changedCode.href);
    await page.getByRole('heading', { name: 'Lectern could not sign you in' }).waitFor();
    await page.getByText('Lectern could not verify the answer of your campus sign-on').waitFor();
    expect(await page.content()).not.toMatch(/\bat .+\.(ts|js):\d+/); // never a stack trace

    const changedState = await heldCallback();
    changedState.searchParams.set('state', randomUUID());
    await page.goto(changedState.href);
    await page.getByRole('heading', { name: 'Lectern could not sign you in' }).waitFor();
    await page.getByText('This sign-in was started in another browser window').waitFor();

    // The same rig with the answer untouched signs in: the refusals above are the changes'.
    await page.goto((await heldCallback()).href);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  });
});
