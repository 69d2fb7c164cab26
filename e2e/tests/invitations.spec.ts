import { ACCOUNT_SECURITY, type CourseDto } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughUi, signupViaApi } from '../support/api';
import { useBrowser } from '../support/browser';
import { verifyAddress, waitForMail } from '../support/mail';
import { seedCourse } from '../support/seed';

// Issue 12: addresses are proven by a mailed link, and add-admin is an invitation the invitee accepts.

describe('address verification and admin invitations', () => {
  const b = useBrowser();

  it('a colleague proves their address by its link, is invited by e-mail and accepts from the mailed link', async () => {
    const instructor = await signupViaApi({ name: 'Grace Owner' });
    const colleague = await signupViaApi({ name: 'Alan Colleague' });
    const course = await seedCourse(instructor, 'Optics');
    const page = b.page;
    // Invitations are mailed only by an inviter whose own address is proven (issue 20).
    await verifyAddress(instructor.email);

    // Every page shows the unproven address with a resend button (issue 20), and Settings says why its
    // e-mails are off; the mailed link proves it.
    await loginThroughUi(page, colleague);
    const banner = page.getByRole('status').filter({ hasText: ACCOUNT_SECURITY.emailUnverified });
    await banner.getByRole('button', { name: ACCOUNT_SECURITY.resendVerification }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByText(ACCOUNT_SECURITY.notificationsNeedVerifiedAddress).waitFor();
    await banner.getByRole('button', { name: ACCOUNT_SECURITY.resendVerification }).waitFor();
    const verification = await waitForMail(colleague.email, /\/verify-email\//);
    await page.goto(/https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]+/.exec(verification)![0]);
    await page.getByRole('button', { name: 'Verify my e-mail address' }).click();
    await page.getByText(ACCOUNT_SECURITY.emailVerified).waitFor();
    await page.getByRole('link', { name: 'Go to Settings' }).click();
    await page.getByText('User ID is').waitFor();
    expect(await page.getByRole('button', { name: ACCOUNT_SECURITY.resendVerification }).count()).toBe(0);
    expect(await page.getByText(ACCOUNT_SECURITY.notificationsNeedVerifiedAddress).count()).toBe(0);
    await page.getByRole('button', { name: 'Logout' }).click();

    // The instructor gets the same answer for an unknown address and for the colleague's.
    await loginThroughUi(page, instructor);
    await page.goto('/add-admin');
    for (const email of ['nobody-here@e2e.lectern', colleague.email]) {
      await page.getByLabel('Course', { exact: true }).selectOption({ label: course.name });
      await page.getByLabel('Admin email').fill(email);
      await page.getByRole('button', { name: 'Add admin' }).click();
      await page.getByText(ACCOUNT_SECURITY.invitationSent).waitFor();
      await page.goto('/add-admin');
    }
    // Nobody is an admin before accepting.
    const before = await apiCall<CourseDto>(`/api/courses/${course.id}`, { token: instructor.token });
    expect(before.admins.map((a) => a.id)).toEqual([instructor.id]);
    await page.getByRole('button', { name: 'Logout' }).click();

    // The colleague follows the mailed link and accepts.
    const invitation = await waitForMail(colleague.email, /\/invitations/);
    await loginThroughUi(page, colleague);
    await page.goto(/https?:\/\/\S+\/invitations/.exec(invitation)![0]);
    await page.getByText('Grace Owner invited you to administer').waitFor();
    await page.getByRole('button', { name: 'Accept the invitation to Optics' }).click();
    await page.getByText(ACCOUNT_SECURITY.invitationAccepted('Optics')).waitFor();
    await page.getByText(ACCOUNT_SECURITY.noInvitations).waitFor();
    const after = await apiCall<CourseDto>(`/api/courses/${course.id}`, { token: colleague.token });
    expect(after.isAdmin).toBe(true);
  });
});
