import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Signs in through the login page as a user would. */
export async function signIn(page: Page, account: string, password: string) {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the API, for set-up steps that are not what a scenario is about. */
export async function apiToken(request: APIRequestContext, account: string, password: string): Promise<string> {
  const res = await request.post('/prod/api/oauth/Login', {
    form: { account, password: md5(password), grant_type: 'password', origin: 'password' },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(200);
  return body.data.token;
}

/**
 * Opens `path` signed in with a token from apiToken, stored as the web app keeps it (a typed,
 * prefixed session-storage entry), without going through the sign-in form.
 */
export async function openWithToken(page: Page, token: string, path: string) {
  // The token goes into the app's storage on one of its pages; a page already showing the app is
  // used as it is (opening the sign-in page while signed in would send it elsewhere first).
  if (!page.url().startsWith('http')) await page.goto('/login');
  await page.evaluate((value) => sessionStorage.setItem('ATRIUM__TOKEN', JSON.stringify(value) + '__string'), token);
  await page.goto(path);
}

/**
 * Starts watching for a toast before the action that causes it: a toast shows for about a second,
 * which assertion polling can step over on a busy machine, while waitFor checks every frame.
 */
export function toastSeen(page: Page, text: string): Promise<void> {
  return page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ state: 'attached' });
}

/**
 * Presses `button` of `dialog` and waits until the dialog has closed. On a loaded machine a click has
 * been seen to land while the dialog was still zooming in, beside the button, leaving the dialog open:
 * a user clicks again, and so does this. A dialog's button ignores a second click once the first has
 * counted (it is loading, then gone).
 */
export async function pressUntilClosed(dialog: Locator, button: Locator) {
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (await button.isVisible()) await button.click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Answers the confirmation dialog that shows `text` with its primary (or dangerous) button. */
export async function answerConfirm(page: Page, text: string, button: 'primary' | 'dangerous' = 'primary') {
  const dialog = page.locator('.ant-modal-confirm', { hasText: text });
  await pressUntilClosed(dialog, dialog.locator(`.ant-modal-confirm-btns .ant-btn-${button}`));
}
