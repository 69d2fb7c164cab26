import { randomUUID } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { verifyAddress } from '../support/mail';

// The installation's LTI platforms page (issue 23, /admin/lti): the administrator LECTERN_ADMIN_EMAILS
// names (global setup), once its address is proven, reaches it from the menu and adds, edits and deletes
// a platform, told beside the field what the server refuses; anyone else has no link and is refused.

/** Fills the add form as a Moodle administrator would copy it, with the JWKS URL given. */
async function fillRegistration(form: Locator, name: string, moodle: string, jwksUrl: string) {
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Issuer (platform ID)').fill(moodle);
  await form.getByLabel('Client ID').fill('client-1');
  await form.getByLabel('Deployment IDs').fill('1');
  await form.getByLabel('OIDC login initiation URL').fill(`${moodle}/mod/lti/auth.php`);
  await form.getByLabel('Access token URL').fill(`${moodle}/mod/lti/token.php`);
  await form.getByLabel('JWKS URL').fill(jwksUrl);
}

describe('the LTI platforms page', () => {
  const b = useBrowser();

  it('lets the installation administrator add, edit and delete a platform', async () => {
    const admin = await signupViaApi({ name: 'Ines Admin', email: inject('installationAdminEmail') });
    await verifyAddress(admin.email);
    const page = b.page;
    await loginThroughUi(page, admin);
    await page.getByRole('link', { name: 'LTI platforms' }).click();
    await page.getByRole('heading', { name: 'LTI platforms', level: 1 }).waitFor();
    await page.getByText('No learning platform is registered yet.').waitFor();

    const add = page.getByRole('region', { name: 'Add a platform' });
    const moodle = `https://moodle-${randomUUID().slice(0, 8)}.example.edu`;
    await fillRegistration(add, 'Moodle', moodle, 'ftp://certs.example.edu');
    await add.getByRole('button', { name: 'Add platform' }).click();
    // The server's message, beside the field it is about.
    const jwks = add.getByLabel('JWKS URL');
    await add.getByText('Give an http(s) URL').waitFor();
    expect(await jwks.getAttribute('aria-invalid')).toBe('true');
    expect(await jwks.getAttribute('aria-describedby')).toBe(
      await add.getByText('Give an http(s) URL').getAttribute('id'),
    );
    await jwks.fill(`${moodle}/mod/lti/certs.php`);
    await add.getByRole('button', { name: 'Add platform' }).click();

    const card = page.getByRole('article', { name: 'Moodle' });
    await card.getByText(moodle).waitFor();
    expect(await add.getByLabel('Name').inputValue()).toBe(''); // the form is empty again

    // The same issuer and client id again: the server's conflict, shown on the form.
    await fillRegistration(add, 'Moodle again', moodle, `${moodle}/mod/lti/certs.php`);
    await add.getByRole('button', { name: 'Add platform' }).click();
    await add.getByRole('alert').filter({ hasText: 'issuer and client id is registered already' }).waitFor();

    await card.getByRole('button', { name: 'Edit Moodle' }).click();
    await card.getByLabel('Deployment IDs').fill('1\n2');
    await card.getByLabel('Name').fill('Moodle (Physics)');
    await card.getByRole('button', { name: 'Save changes' }).click();
    const edited = page.getByRole('article', { name: 'Moodle (Physics)' });
    await edited.getByText('1, 2').waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await edited.getByRole('button', { name: 'Delete Moodle (Physics)' }).click();
    await page.getByText('No learning platform is registered yet.').waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
  });

  it('shows anyone else no link, and refuses them at its address', async () => {
    const someone = await signupViaApi({ name: 'Sam Student' });
    await verifyAddress(someone.email);
    const page = b.page;
    await loginThroughUi(page, someone);
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await page.getByRole('link', { name: 'LTI platforms' }).count()).toBe(0);
    await page.goto('/admin/lti');
    await page.getByRole('heading', { name: 'You are not allowed to manage LTI platforms' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add platform' }).count()).toBe(0);
    expect(await page.getByLabel('Issuer (platform ID)').count()).toBe(0);
  });
});
