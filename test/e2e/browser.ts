/* eslint-disable @n8n/community-nodes/require-node-api-error --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * The n8n editor in headless Chromium for the e2e tests: Debian's /usr/bin/chromium (apt-installed when missing,
 * scripts/n8n-runtime/system.ts `ensureChromium`), driven by playwright-core; no browser is ever downloaded. The owner
 * of the n8n's user folder signs in through the sign-in form, as a person would.
 */
import { type Browser, chromium, type Page } from 'playwright-core';

import { OWNER } from '../../scripts/n8n-runtime/instance';

export interface SignedInEditor {
	browser: Browser;
	page: Page;
}

/** Chromium started, a 1440×900 page, the owner signed in at `n8nUrl`; close `browser` when done. */
export async function signedInEditor(n8nUrl: string, chromiumPath: string): Promise<SignedInEditor> {
	const browser = await chromium.launch({
		executablePath: chromiumPath,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--no-first-run',
			'--disable-quic',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	try {
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		page.setDefaultTimeout(30_000);
		await page.goto(`${n8nUrl}/signin`);
		await page.fill('#emailOrLdapLoginId', OWNER.email);
		await page.fill('#password', OWNER.password);
		await page.click('button:has-text("Sign in")');
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
		return { browser, page };
	} catch (error) {
		await browser.close();
		throw error;
	}
}
