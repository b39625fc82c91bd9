/**
 * Registration and invitations against the real stack (anvil + ReferralRegistry + indexer + API +
 * web, Chromium). The seed: deployer ← alice (left); alice ← bob (left), carol (right); accounts 4–8
 * unregistered. Every test starts from the deployed chain (snapshot/revert); the server's invitation
 * store is not reverted with the chain, so each test invites its own wallets.
 * - register through an invitation link (prefilled; automatic, left) and by typing an invite code or
 *   an address (manual under another contact with the placement signer's approval, right; manual
 *   under the inviter, left), each checked on chain;
 * - the refusals (required prompts, invalid address, unknown code, self-invite, a taken seat, a
 *   contact outside the inviter's team, already registered) show their text and send nothing;
 * - Mine › invite register: the form gives a link and a QR code, the records show the state;
 * - screenshots 390×844 and 844×390 in en and zh.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import { referralRegistryAbi } from '@eterno/protocol/generated/abis';
import { shortenAddress } from '@eterno/protocol/address';
import { inviteCodeOf } from '@eterno/protocol/referral/inviteCode';
import { registerAccounts } from '@eterno/devstack/referral';
import type { InvitationJson, InvitationsPageJson } from '@eterno/protocol/referralApi';
import { errorScreen, signInVia, tabBar, text, type Lang } from '../src/app.ts';
import type { ViewportName } from '../src/browser.ts';
import { chainClients, testAccount } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet, type RecordedRequest } from '../src/testWallet.ts';
import { apiCall, sessionTokenOf } from '../src/vault.ts';
import { until } from '../src/wait.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

const ALICE = 1;
const BOB = 2;
const CAROL = 3;
const low = (a: Address) => a.toLowerCase();

type Signed = { page: Page; session: string; address: Address; sent: () => number };

/** Signs test account `index` in on `path` (a fresh browser); `sent()` counts its eth_sendTransaction. */
async function signedIn(
  index: number,
  path: string,
  viewport: ViewportName = 'portrait',
  lang: Lang = 'en',
): Promise<Signed> {
  const stack = e2e.stack();
  const { page } = await e2e.browser({ viewport });
  let sends = 0;
  const wallet = await installTestWallet(page, {
    rpcUrl: stack.rpcUrl,
    accountIndex: index,
    onRequest: (r: RecordedRequest) => {
      if (r.method === 'eth_sendTransaction') sends += 1;
    },
  });
  if (lang !== 'en') {
    await page.goto(`${stack.webUrl}/login`);
    await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
  }
  await signInVia(page, stack.webUrl, path, lang);
  return { page, session: await sessionTokenOf(page, wallet.address), address: wallet.address, sent: () => sends };
}

function registry(): Address {
  return e2e.stack().deployments.contracts.ReferralRegistry as Address;
}

/** The registry's account of `user`: id, inviter, parent, side. */
async function accountOf(user: Address) {
  const { public: client } = chainClients(e2e.stack().rpcUrl);
  const [id, inviter, parent, side] = await client.readContract({
    address: registry(),
    abi: referralRegistryAbi,
    functionName: 'accountOf',
    args: [user],
  });
  return { id, inviter: low(inviter), parent: low(parent), side };
}

const codeOf = async (index: number) => inviteCodeOf((await accountOf(testAccount(index).address)).id);

/** Fills the registration form (fields left undefined stay as they are) and presses Next. */
async function fillForm(
  page: Page,
  form: { inviter?: string; side?: 0 | 1; placement?: 'auto' | 'manual'; contact?: string },
  { submit = true } = {},
): Promise<void> {
  if (form.inviter !== undefined) await page.getByTestId('register-inviter').fill(form.inviter);
  if (form.side !== undefined)
    await page.getByTestId('register-side').locator(`input[data-value="${form.side}"]`).check();
  if (form.placement !== undefined)
    await page.getByTestId('register-placement').locator(`input[data-value="${form.placement}"]`).check();
  if (form.contact !== undefined) await page.getByTestId('register-contact').fill(form.contact);
  if (submit) await page.getByTestId('register-next').click();
}

/** Review → Confirm → the done card; the registration is then on chain. */
async function confirmRegistration(page: Page): Promise<void> {
  await page.getByTestId('review-irreversible').waitFor({ state: 'visible', timeout: 60_000 });
  await page.getByTestId('register-confirm').click();
  await page.getByTestId('register-done').waitFor({ state: 'visible', timeout: 90_000 });
}

async function expectRefusal(page: Page, testId: string, code: string, lang: Lang = 'en'): Promise<void> {
  const shown = page.getByTestId(testId);
  await until(
    `${testId} to say ${code}`,
    async () => (await shown.getAttribute('data-code', { timeout: 2_000 })) === code,
    {
      timeoutMs: 60_000,
    },
  );
  expect(await shown.textContent()).toBe(text(lang, 'errors', code));
}

async function invite(session: string, body: Record<string, unknown>): Promise<InvitationJson> {
  const res = await apiCall(e2e.stack().apiUrl, session, 'POST', '/referral/invitations', body);
  if (res.status !== 201)
    throw new Error(`POST /referral/invitations answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as InvitationJson;
}

async function invitationState(session: string, id: string): Promise<string | undefined> {
  const res = await apiCall(e2e.stack().apiUrl, session, 'GET', '/referral/invitations?limit=100');
  return (res.body as InvitationsPageJson).items.find((i) => i.id === id)?.state;
}

describe('registration', () => {
  test('through an invitation link: prefilled, automatic on the left, then the invitation reads registered', async () => {
    const alice = await signedIn(ALICE, '/assets/overview');
    const dave = testAccount(4).address;
    const invitation = await invite(alice.session, {
      invitee: dave,
      placement: 'auto',
      contact: null,
      side: 0,
      inviteCode: await codeOf(ALICE),
    });
    const d = await signedIn(4, invitation.link);
    await d.page.getByTestId('register-invited').waitFor({ state: 'visible', timeout: 60_000 });
    expect(await d.page.getByTestId('register-inviter').inputValue()).toBe(await codeOf(ALICE));
    expect(await d.page.getByTestId('register-side').locator('input[data-value="0"]').isChecked()).toBe(true);
    expect(await d.page.getByTestId('register-placement').locator('input[data-value="auto"]').isChecked()).toBe(true);
    await d.page.getByTestId('register-next').click();
    expect(await d.page.getByTestId('review-inviter').getAttribute('title')).toBe(testAccount(ALICE).address);
    expect(await d.page.getByTestId('review-irreversible').textContent()).toBe(
      text('en', 'referral', 'register.irreversible'),
    );
    await confirmRegistration(d.page);
    expect(d.sent()).toBe(1);
    // Automatic on alice's left: the end of her left leg, under bob.
    expect(await accountOf(dave)).toMatchObject({
      inviter: low(testAccount(ALICE).address),
      parent: low(testAccount(BOB).address),
      side: 0,
    });
    await until(
      'the invitation registered',
      async () => (await invitationState(alice.session, invitation.id)) === 'registered',
      {
        timeoutMs: 60_000,
      },
    );
    // A registered wallet is told so on /register, with its inviter (GET /account).
    await d.page.goto(`${e2e.stack().webUrl}/register`);
    await d.page.getByTestId('register-already').waitFor({ state: 'visible', timeout: 60_000 });
    const aliceId = Number((await accountOf(testAccount(ALICE).address)).id);
    const inviterText = `${shortenAddress(testAccount(ALICE).address)} · ID ${aliceId} (code ${await codeOf(ALICE)})`;
    const already = d.page.getByTestId('register-already-inviter');
    await already.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await already.textContent()).toBe(`${text('en', 'referral', 'register.alreadyInviter')} ${inviterText}`);
    // Mine › Settings: the account's inviter, and the referral income rules with the server's values.
    await d.page.goto(`${e2e.stack().webUrl}/mine/setting`);
    const inviter = d.page.getByTestId('my-account-inviter');
    await inviter.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await inviter.textContent()).toBe(inviterText);
    expect(await d.page.getByTestId('my-account-genesis').textContent()).toBe(text('en', 'referral', 'account.no'));
    await d.page.getByText(text('en', 'screens', 'mine.setting.help')).click();
    const direct = d.page.getByTestId('referral-help-direct');
    await direct.waitFor({ state: 'visible', timeout: 60_000 });
    // The shipped apps/server/settings/referral.json: direct 10 %, indirect 5/3/1 %, release over 20 days.
    expect(await direct.textContent()).toContain('10\u00a0%');
    expect(await d.page.getByTestId('referral-help-indirect').textContent()).toContain('levels 4–10 1\u00a0% each');
    expect(await d.page.getByTestId('referral-help-release').textContent()).toContain('20 days');
  });

  test('by invite code, manual under another contact (the placement approval), on the right', async () => {
    const erin = await signedIn(5, '/register');
    await fillForm(erin.page, {
      inviter: (await codeOf(ALICE)).toLowerCase(),
      side: 1,
      placement: 'manual',
      contact: testAccount(CAROL).address,
    });
    await confirmRegistration(erin.page);
    expect(erin.sent()).toBe(1);
    expect(await accountOf(erin.address)).toMatchObject({
      inviter: low(testAccount(ALICE).address),
      parent: low(testAccount(CAROL).address),
      side: 1,
    });
  });

  test('by inviter address, manual under the inviter, on the left', async () => {
    const frank = await signedIn(6, '/register');
    const carol = testAccount(CAROL).address;
    await fillForm(frank.page, { inviter: carol.toLowerCase(), side: 0, placement: 'manual', contact: carol });
    await confirmRegistration(frank.page);
    expect(await accountOf(frank.address)).toMatchObject({ inviter: low(carol), parent: low(carol), side: 0 });
  });

  test('refuses every bad form with its text, and sends nothing', async () => {
    const grace = await signedIn(7, '/register');
    const p = grace.page;
    await p.getByTestId('register-form').waitFor({ state: 'visible', timeout: 60_000 });
    await fillForm(p, {});
    await expectRefusal(p, 'register-problem-inviter', 'INVITER_REQUIRED');
    await fillForm(p, { inviter: '0x12' });
    await expectRefusal(p, 'register-problem-inviter', 'INVALID_WALLET_ADDRESS');
    await fillForm(p, { inviter: await codeOf(ALICE), side: 0 });
    await expectRefusal(p, 'register-problem-placement', 'PLACEMENT_REQUIRED');
    await fillForm(p, { placement: 'manual' });
    await expectRefusal(p, 'register-problem-contact', 'CONTACT_ADDRESS_REQUIRED');
    // An invite code no account has.
    await fillForm(p, { inviter: inviteCodeOf(999n), placement: 'auto' });
    await expectRefusal(p, 'register-refusal', 'UNKNOWN_INVITE_CODE');
    // Self-invite.
    await fillForm(p, { inviter: grace.address });
    await expectRefusal(p, 'register-refusal', 'SELF_INVITE');
    // A taken seat: alice's left is bob's (no approval needed: the simulation says it).
    await fillForm(p, {
      inviter: testAccount(ALICE).address,
      placement: 'manual',
      contact: testAccount(ALICE).address,
      side: 0,
    });
    await expectRefusal(p, 'register-refusal', 'SEAT_TAKEN');
    // A contact outside the inviter's team (the server refuses the approval).
    await fillForm(p, { inviter: await codeOf(BOB), contact: testAccount(CAROL).address, side: 1 });
    await expectRefusal(p, 'register-refusal', 'CONTACT_OUTSIDE_TEAM');
    // A taken seat under another contact (the server refuses the approval).
    await fillForm(p, { inviter: testAccount(0).address, contact: testAccount(ALICE).address, side: 1 });
    await expectRefusal(p, 'register-refusal', 'SEAT_TAKEN');
    expect(grace.sent()).toBe(0);
    expect((await accountOf(grace.address)).id).toBe(0n);
    // Already registered: bob is told so and offered nothing to send.
    const bob = await signedIn(BOB, '/register');
    await bob.page.getByTestId('register-already').waitFor({ state: 'visible', timeout: 60_000 });
    expect(await bob.page.getByTestId('register-next').count()).toBe(0);
  });
});

describe('registration in Chinese', () => {
  test('the prompts and refusals in zh', async () => {
    const s = await signedIn(7, '/register', 'portrait', 'zh');
    const p = s.page;
    await p.getByTestId('register-form').waitFor({ state: 'visible', timeout: 60_000 });
    await fillForm(p, { inviter: '0x12' });
    await expectRefusal(p, 'register-problem-inviter', 'INVALID_WALLET_ADDRESS', 'zh');
    await fillForm(p, { inviter: await codeOf(ALICE), side: 1 });
    await expectRefusal(p, 'register-problem-placement', 'PLACEMENT_REQUIRED', 'zh');
    await fillForm(p, { inviter: inviteCodeOf(999n), placement: 'auto' });
    await expectRefusal(p, 'register-refusal', 'UNKNOWN_INVITE_CODE', 'zh');
    await fillForm(p, {
      inviter: testAccount(ALICE).address,
      placement: 'manual',
      contact: testAccount(ALICE).address,
      side: 0,
    });
    await expectRefusal(p, 'register-refusal', 'SEAT_TAKEN', 'zh');
    expect(s.sent()).toBe(0);
  });
});

describe('Mine › invite register', () => {
  test('the form gives a link and a QR code; the invitee registers through it; the records and lists follow', async () => {
    const alice = await signedIn(ALICE, '/mine/invite-register');
    const p = alice.page;
    await p.getByTestId('invite-form').waitFor({ state: 'visible', timeout: 60_000 });
    expect(await p.getByTestId('invite-code').inputValue()).toBe(await codeOf(ALICE));
    // The spec's required prompts and 'Invalid wallet address', before anything is sent.
    await p.getByTestId('invite-submit').click();
    await expectRefusal(p, 'invite-problem-invitee', 'INVITEE_ADDRESS_REQUIRED');
    await p.getByTestId('invite-invitee').fill('0x1234');
    await p.getByTestId('invite-submit').click();
    await expectRefusal(p, 'invite-problem-invitee', 'INVALID_WALLET_ADDRESS');
    const dave = testAccount(4).address;
    await p.getByTestId('invite-invitee').fill(dave);
    await p.getByTestId('invite-submit').click();
    await expectRefusal(p, 'invite-problem-placement', 'PLACEMENT_REQUIRED');
    // The server's refusals: a contact outside alice's team.
    await p.getByTestId('invite-placement').locator('input[data-value="manual"]').check();
    await p.getByTestId('invite-contact').fill(testAccount(0).address);
    await p.getByTestId('invite-side').locator('input[data-value="1"]').check();
    await p.getByTestId('invite-submit').click();
    await expectRefusal(p, 'invite-refusal', 'CONTACT_OUTSIDE_TEAM');
    // An invitation: automatic on the right.
    await p.getByTestId('invite-placement').locator('input[data-value="auto"]').check();
    await p.getByTestId('invite-submit').click();
    await p.getByTestId('invite-made').waitFor({ state: 'visible', timeout: 60_000 });
    const link = (await p.getByTestId('invite-link').textContent())!;
    expect(await p.getByTestId('invite-qr').getAttribute('data-value')).toBe(link);
    const id = await p.getByTestId('invite-made').getAttribute('data-id');
    expect(link).toBe(`${e2e.stack().webUrl}/register?invitation=${id}`);
    await p.getByTestId('invite-tab-records').click();
    const row = p.getByTestId(`invitation-${id}`);
    await row.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await row.getAttribute('data-state')).toBe('open');

    const d = await signedIn(4, new URL(link).pathname + new URL(link).search);
    await d.page.getByTestId('register-invited').waitFor({ state: 'visible', timeout: 60_000 });
    await d.page.getByTestId('register-next').click();
    await confirmRegistration(d.page);
    // Automatic on alice's right: the end of her right leg, under carol.
    expect(await accountOf(dave)).toMatchObject({ parent: low(testAccount(CAROL).address), side: 1 });
    await until('the record reads registered', async () => (await row.getAttribute('data-state')) === 'registered', {
      timeoutMs: 60_000,
    });
    expect(await row.getByTestId('invitation-state').textContent()).toBe(text('en', 'referral', 'state.registered'));
    // The package the invitee bought: none yet.
    expect(await row.getByTestId('bought-package').textContent()).toBe(text('en', 'referral', 'list.packageNone'));
    await p.getByTestId('invite-tab-direct').click();
    await p.getByTestId(`member-${low(dave)}`).waitFor({ state: 'visible', timeout: 60_000 });
    expect(
      await p
        .getByTestId(`member-${low(dave)}`)
        .getByTestId('bought-package')
        .textContent(),
    ).toBe(text('en', 'referral', 'list.packageNone'));
    await p.getByTestId(`member-${low(testAccount(BOB).address)}`).waitFor({ state: 'visible' });
    await p.getByTestId('invite-tab-indirect').click();
    await p.getByTestId('members-indirect').waitFor({ state: 'visible' });
  });

  test('an unregistered wallet gets the registration form right on invite register (no detour)', async () => {
    const s = await signedIn(8, '/mine/invite-register');
    await s.page.getByTestId('invite-unregistered').waitFor({ state: 'visible', timeout: 60_000 });
    await s.page.getByTestId('register-form').waitFor({ state: 'visible', timeout: 60_000 });
    expect(new URL(s.page.url()).pathname).toBe('/mine/invite-register');
  });
});

describe('invite register: screenshots', () => {
  for (const viewport of ['portrait', 'landscape'] as const) {
    test(`the invite register tabs at ${viewport === 'portrait' ? '390×844' : '844×390'} in en and zh`, async () => {
      await mkdir(SHOTS_DIR, { recursive: true });
      // heidi under bob: alice's indirect list has a row.
      await registerAccounts(e2e.stack().rpcUrl, e2e.stack().deployments, [testAccount(8)], {
        inviter: testAccount(BOB).address,
      });
      for (const lang of ['en', 'zh'] as const) {
        const s = await signedIn(ALICE, '/mine/invite-register', viewport, lang);
        const p = s.page;
        await p.getByTestId('invite-form').waitFor({ state: 'visible', timeout: 60_000 });
        await p.screenshot({ path: join(SHOTS_DIR, `invite-register.${viewport}.${lang}.png`) });
        await p.getByTestId('invite-invitee').fill(testAccount(lang === 'en' ? 6 : 7).address);
        await p.getByTestId('invite-placement').locator('input[data-value="manual"]').check();
        await p.getByTestId('invite-contact').fill(testAccount(BOB).address);
        await p.getByTestId('invite-side').locator('input[data-value="1"]').check();
        await p.getByTestId('invite-submit').click();
        await p.getByTestId('invite-qr').waitFor({ state: 'visible', timeout: 60_000 });
        await p.screenshot({ path: join(SHOTS_DIR, `invite-register-link.${viewport}.${lang}.png`) });
        for (const tab of ['records', 'direct', 'indirect'] as const) {
          await p.getByTestId(`invite-tab-${tab}`).click();
          await p
            .getByTestId(tab === 'records' ? 'invitation-records' : `members-${tab}`)
            .locator('article')
            .first()
            .waitFor({ state: 'visible', timeout: 60_000 });
          expect(await errorScreen(p).allInnerTexts()).toEqual([]);
          await p.screenshot({ path: join(SHOTS_DIR, `invite-register-${tab}.${viewport}.${lang}.png`) });
        }
        if (viewport !== 'portrait') continue;
        // The records (with the package bought) and Mine › Settings (my account, the help's referral
        // rules) at 390×844 and at the smallest phone, 320×640.
        for (const size of [
          { width: 390, height: 844 },
          { width: 320, height: 640 },
        ]) {
          const tag = `${size.width}x${size.height}.${lang}`;
          await p.setViewportSize(size);
          await p.getByTestId('invite-tab-records').click();
          await p.getByTestId('invitation-records').locator('article').first().waitFor({ state: 'visible' });
          await p.screenshot({ path: join(SHOTS_DIR, `invite-register-records.${tag}.png`) });
          await p.goto(`${e2e.stack().webUrl}/mine/setting`);
          await p.getByTestId('my-account').waitFor({ state: 'visible', timeout: 60_000 });
          await p.getByText(text(lang, 'screens', 'mine.setting.help')).click();
          await p.getByTestId('referral-help-release').waitFor({ state: 'visible', timeout: 60_000 });
          expect(await errorScreen(p).allInnerTexts()).toEqual([]);
          await p.screenshot({ path: join(SHOTS_DIR, `settings-help.${tag}.png`), fullPage: true });
          await p.goto(`${e2e.stack().webUrl}/mine/invite-register`);
          await p.getByTestId('invite-form').waitFor({ state: 'visible', timeout: 60_000 });
        }
      }
    });
  }
});

describe('registration: screenshots', () => {
  for (const viewport of ['portrait', 'landscape'] as const) {
    test(`the registration and review at ${viewport === 'portrait' ? '390×844' : '844×390'} in en and zh`, async () => {
      await mkdir(SHOTS_DIR, { recursive: true });
      for (const lang of ['en', 'zh'] as const) {
        const s = await signedIn(8, '/register', viewport, lang);
        await tabBar(s.page, lang).waitFor({ state: 'visible' });
        await s.page.getByTestId('register-form').waitFor({ state: 'visible', timeout: 60_000 });
        await fillForm(s.page, { side: 1 });
        await s.page.getByTestId('register-problem-inviter').waitFor({ state: 'visible' });
        await fillForm(
          s.page,
          { inviter: await codeOf(ALICE), placement: 'manual', contact: testAccount(CAROL).address },
          { submit: false },
        );
        await s.page.screenshot({ path: join(SHOTS_DIR, `register.${viewport}.${lang}.png`) });
        await s.page.getByTestId('register-next').click();
        await s.page.getByTestId('review-irreversible').waitFor({ state: 'visible', timeout: 60_000 });
        expect(await errorScreen(s.page).allInnerTexts()).toEqual([]);
        await s.page.screenshot({ path: join(SHOTS_DIR, `register-review.${viewport}.${lang}.png`) });
      }
    });
  }
});
