import { expect, test } from '@playwright/test';
import { generateLinkedInCsv } from '@warmpath/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newUser, registerUser } from '../support/users.js';

// An attacker's pages on another origin (another port of the same host: same site, so the
// SameSite=Lax session cookie alone would not stop them), against a victim in a real Chromium.

let attacker: Server;
let attackerUrl = '';
const pages = new Map<string, string>();

test.beforeAll(async () => {
  attacker = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    if (!page) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

const app = () => process.env.WARMPATH_URL!;

/** An auto-submitting form, as a page of the attacker's would hold. */
function autoSubmittingForm(enctype: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name='${name}' value='${value}'>`)
    .join('');
  return `<!doctype html><form method="POST" action="${app()}/api/login" enctype="${enctype}">${inputs}</form>
<script>document.forms[0].submit()</script>`;
}

test.describe('login CSRF', () => {
  for (const [label, enctype, fields] of [
    [
      'an urlencoded form',
      'application/x-www-form-urlencoded',
      (u: string, p: string) => ({ username: u, password: p }),
    ],
    [
      'a text/plain form shaped as JSON',
      'text/plain',
      (u: string, p: string) => ({ [`{"username":"${u}","password":"${p}","x":"`]: '"}' }),
    ],
  ] as const) {
    test(`${label} on another origin cannot sign the victim into the attacker's account`, async ({
      page,
      request,
    }) => {
      const { user: intruder } = await registerUser(request, newUser());
      pages.set('/login', autoSubmittingForm(enctype, fields(intruder.username, intruder.password)));
      const answer = page.waitForResponse((r) => r.url() === `${app()}/api/login`);
      await page.goto(`${attackerUrl}/login`);
      expect((await answer).status()).toBe(403);

      const me = await page.context().request.get(`${app()}/api/user`);
      expect(me.status()).toBe(401);
      await page.goto(app());
      await expect(page).toHaveURL(/\/auth/);
    });
  }
});

test("a credentialed fetch from another origin cannot import into the victim's network", async ({ page }) => {
  const victim = newUser();
  await registerUser(page.context().request, victim);
  const before = await (await page.context().request.get(`${app()}/api/network`)).json();

  pages.set(
    '/import',
    `<!doctype html><script>
      const form = new FormData();
      form.append('file', new Blob([${JSON.stringify(generateLinkedInCsv(5, { seed: 7 }))}], { type: 'text/csv' }), 'Connections.csv');
      for (const mode of ['cors', 'no-cors'])
        fetch('${app()}/api/network/import/authenticated', { method: 'POST', body: form, credentials: 'include', mode })
          .catch(() => undefined);
    </script>`,
  );
  // The browser blocks the attacker from reading the answers either way (CORS, CORP); what
  // matters is what the gateway did with the victim's cookie, so wait for both to settle.
  let settled = 0;
  const count = (r: { url(): string }) => {
    if (r.url().endsWith('/api/network/import/authenticated')) settled += 1;
  };
  page.on('requestfinished', count);
  page.on('requestfailed', count);
  await page.goto(`${attackerUrl}/import`);
  await expect.poll(() => settled).toBe(2);

  const after = await (await page.context().request.get(`${app()}/api/network`)).json();
  expect(after.connections).toHaveLength(before.connections.length);
  // The victim is still signed in, and the app itself still works for them.
  await page.goto(app());
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(
    `${victim.firstName} ${victim.lastName}`,
  );
});
