import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2eUser, apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { waitForMail } from '../support/mail';

const newEmail = () => `${randomUUID()}@e2e.lectern`;

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function fillSignup(page: Page, name: string, password: string, confirm: string): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(newEmail());
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('accounts', () => {
  const b = useBrowser();

  it('refuses a signup whose passwords differ, stating the password rule', async () => {
    await b.page.goto('/signup');
    await b.page.getByText('Passwords must be 8 to 128 characters long.').waitFor();
    await fillSignup(b.page, 'Mismatched Mo', 'first password', 'second password');
    await b.page.getByRole('alert').getByText('Passwords do not match').waitFor();
    expect(pathOf(b.page)).toBe('/signup');
  });

  it('signs a new account in at once, with both welcome messages', async () => {
    const name = `Signup ${randomUUID().slice(0, 6)}`;
    await b.page.goto('/signup');
    await fillSignup(b.page, name, 'a good long password', 'a good long password');
    await b.page.getByText(`Welcome, ${name}`).waitFor();
    await b.page.getByText('Account created successfully!').waitFor();
    await b.page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(pathOf(b.page)).toBe('/');
  });

  it('shows the server’s error for a wrong password and stays on the login page', async () => {
    const user = await signupViaApi();
    await b.page.goto('/login');
    await fillLogin(b.page, user.email, 'not the password');
    await b.page.getByRole('alert').getByText('Invalid email or password').waitFor();
    expect(pathOf(b.page)).toBe('/login');
  });

  it('welcomes a returning user and brings them back to the page the guard came from', async () => {
    const user = await signupViaApi();
    await b.page.goto('/settings');
    await b.page.waitForURL('**/login');
    await fillLogin(b.page, user.email, user.password);
    await b.page.getByText(`Welcome back, ${user.name}`).waitFor();
    await b.page.getByText(`User ID is ${user.id}`).waitFor();
    expect(pathOf(b.page)).toBe('/settings');
  });

  it('goes on to the course to join after logging in through a join link', async () => {
    const user = await signupViaApi();
    const courseId = randomUUID();
    await b.page.goto(`/login/${courseId}`);
    const signup = b.page.getByRole('main').getByRole('link', { name: 'Sign up' });
    expect(await signup.getAttribute('href')).toBe(`/signup/${courseId}`);
    await fillLogin(b.page, user.email, user.password);
    await b.page.waitForURL(`**/courses/join/${courseId}`);
  });

  it('sends a logged-in user who opens /login on through the root redirect', async () => {
    const user = await signupViaApi();
    await loginThroughUi(b.page, user);
    await b.page.goto('/login');
    await b.page.waitForURL((url) => url.pathname === '/');
    expect(await b.page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
  });

  it('drops a session the server revoked while the app was open and asks for a new login', async () => {
    const user = await signupViaApi();
    await loginThroughUi(b.page, user);
    const token = await b.page.evaluate(() => JSON.parse(localStorage.getItem('lectern.session')!).token);
    await apiCall('/api/logout', { method: 'POST', token });
    await b.page.getByRole('link', { name: 'Settings' }).click();
    await b.page.waitForURL('**/login');
    await b.page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await lecternKeys(b.page)).toEqual([]);
  });

  it('logs out: the toast, and no lectern key left in localStorage', async () => {
    const user = await signupViaApi();
    await loginThroughUi(b.page, user);
    expect(await lecternKeys(b.page)).not.toEqual([]);
    await b.page.getByRole('button', { name: 'Logout' }).click();
    await b.page.getByText('You have been logged out').waitFor();
    await b.page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await lecternKeys(b.page)).toEqual([]);
  });

  it('resets a forgotten password through the mailed link', async () => {
    const user = await signupViaApi();
    await b.page.goto('/login');
    await b.page.getByRole('link', { name: 'Forgot Password?' }).click();
    await b.page.getByLabel('Email').fill(user.email);
    await b.page.getByRole('button', { name: 'Send Reset Link' }).click();
    await b.page
      .getByText('If an account with that email exists, you will receive a password reset link shortly.')
      .waitFor();

    const mail = await waitForMail(user.email, /\/reset-password\//);
    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail)![0];
    await b.page.goto(link);
    await b.page.getByLabel('New Password').fill('my fresh password');
    await b.page.getByLabel('Confirm Password').fill('my fresh password');
    await b.page.getByRole('button', { name: 'Reset Password' }).click();
    await b.page.getByText('Password reset successful').waitFor();
    await b.page.waitForURL('**/login');

    await fillLogin(b.page, user.email, 'my fresh password');
    await b.page.getByText(`Welcome back, ${user.name}`).waitFor();
  });

  describe('settings', () => {
    async function openSettings(page: Page): Promise<E2eUser> {
      const user = await signupViaApi();
      await loginThroughUi(page, user);
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByText(`User ID is ${user.id}`).waitFor();
      return user;
    }

    it('says "Incorrect current password" for a wrong old password', async () => {
      await openSettings(b.page);
      expect(await b.page.getByLabel('Email', { exact: true }).inputValue()).toContain('@e2e.lectern');
      await b.page.getByLabel('Old password').fill('not my password');
      await b.page.getByLabel('New password', { exact: true }).fill('another password');
      await b.page.getByLabel('Confirm new password').fill('another password');
      await b.page.getByRole('button', { name: 'Update' }).click();
      await b.page.getByRole('alert').getByText('Incorrect current password').waitFor();
    });

    it('changes the password and an e-mail preference, and names the staff contact', async () => {
      const user = await openSettings(b.page);
      await b.page.getByText(/For technical problems contact \S+@\S+/).waitFor();
      await preferencesLoaded(b.page);
      await b.page.getByLabel('Receive emails for question answers').uncheck();
      await b.page.getByLabel('Old password').fill(user.password);
      await b.page.getByLabel('New password', { exact: true }).fill('a changed password');
      await b.page.getByLabel('Confirm new password').fill('a changed password');
      const logged = ['updatePassword', 'update-notification'].map((action) =>
        b.page.waitForRequest(
          (r) => r.url().endsWith('/api/logging/log') && r.postDataJSON()?.action === action,
        ),
      );
      await b.page.getByRole('button', { name: 'Update' }).click();
      await b.page.getByText('Password updated successfully').waitFor();
      await b.page.getByText('Email notification opt-in updated successfully').waitFor();
      await Promise.all(logged);

      await b.page.reload();
      await preferencesLoaded(b.page);
      expect(await b.page.getByLabel('Receive emails for question answers').isChecked()).toBe(false);
      expect(await b.page.getByLabel('Receive emails for question submissions').isChecked()).toBe(true);
    });
  });
});

/** The preference boxes stay disabled until the saved values have arrived. */
async function preferencesLoaded(page: Page): Promise<void> {
  const box = page.getByLabel('Receive emails for question submissions');
  await expect.poll(() => box.isEnabled()).toBe(true);
}

function lecternKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('lectern')));
}
