/* Dev-only: clean-up that must happen even when the execution is cancelled (issue 30, item 5), through n8n's engine
 * against the sandbox. Celebrity Identify ingests a temporary image and must delete it again: n8n hands every request
 * the execution's cancel signal, so after a Stop the delete goes out on a signal and a bound of its own, and what
 * could not be deleted is named in the log (dataset and asset id), since a cancelled run's error is seen by nobody. */
import { sleep as wait, type IDataObject } from 'n8n-workflow';

import { SEED_DATASET_IDS } from '../../sandbox/server';
import { RETRY } from '../../nodes/shared/transport';
import { SECRETS, TYPES, useTestBed, visibleText } from '../nodes/setup';
import { byId } from '../support/locators';
import { useLimits } from './hostile/bed';

const bed = useTestBed();
useLimits(RETRY);
const { demoImages } = SEED_DATASET_IDS;
const SIGNATURE = 'X-Amz-Signature=cancel-test-signature';
const photo = (name: string) =>
	`https://photos.example.com/cancel/celebrity:${encodeURIComponent(name)};.jpg?${SIGNATURE}`;
const DELETE_PATH = '/api/v0/delete/assets';

const identify = (cancelSignal?: AbortSignal, inputItems: IDataObject[] = [{ url: photo('Ava Marlowe') }]) =>
	bed.harness.runNode({
		type: TYPES.celebrity,
		parameters: {
			resource: 'image',
			operation: 'identify',
			datasetId: byId('={{ $json.dataset ?? "' + demoImages + '" }}'),
			imageUrl: '={{ $json.url }}',
			options: { pollInterval: 0.1, waitTimeout: '={{ $json.timeout ?? 60 }}' },
		},
		inputItems,
		cancelSignal,
	});

async function until(what: string, test: () => boolean, ms = 10_000): Promise<void> {
	for (const end = Date.now() + ms; !test(); await wait(20)) {
		if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
	}
}

const statusRequests = () => bed.apiRequests().filter((request) => request.path.startsWith('/api/v1/ingestion/jobs/'));
const statusReads = () => statusRequests().length;
const deletes = () => bed.apiRequests().filter((request) => request.path === DELETE_PATH);
const pendingAsset = () =>
	[...bed.sandbox.store.assets.values()].find((asset) => asset.path.startsWith('https://photos.example.com/cancel/'));
/** The warnings logged since line `from` that an image stayed in its dataset. */
const stayedWarnings = (from: number) =>
	bed.harness.logs.slice(from).filter((line) => line.startsWith('warn:') && line.includes('stayed in dataset'));

beforeEach(() => {
	bed.sandbox.store.datasets.get(demoImages)!.config.celebrity_detection_enabled = true;
	// Frozen, the sandbox's ingestion never moves on: the image stays pending while Identify waits for it.
	bed.sandbox.clock.freeze();
});

describe('Identify cancelled while it waits for its temporary ingest', () => {
	test('the delete of the temporary image reaches the service after the cancel', async () => {
		const stop = new AbortController();
		const running = identify(stop.signal);
		await until('Identify waits for the ingest', () => statusReads() >= 2);
		const assetId = pendingAsset()?.id;
		expect(assetId).toBeDefined();
		const cancelledAt = Date.now();
		expect(deletes()).toHaveLength(0);
		stop.abort();
		const { run } = await running;
		// n8n resolves a cancelled run once its node returns: Identify returns after its delete, not before.
		expect(run.status).not.toBe('success');
		expect(Date.now() - cancelledAt).toBeLessThan(5000);
		expect(deletes().map((request) => request.body)).toEqual([
			{ dataset_id: demoImages, assets: [{ asset_type: 'image', identifier: assetId }] },
		]);
		expect(deletes()[0].status).toBe(202);
		expect(pendingAsset()).toBeUndefined();
		expect(bed.harness.logs.join('\n')).not.toMatch(/stayed in dataset/);
	});

	test('a delete that hangs after the cancel ends at its own bound, and the log names the dataset and the asset left', async () => {
		Object.assign(RETRY, { cleanupTimeoutMs: 500 });
		bed.sandbox.setFaults({ slowRate: 1, slowMs: 3000, paths: [DELETE_PATH] });
		const logged = bed.harness.logs.length;
		const stop = new AbortController();
		const running = identify(stop.signal);
		await until('Identify waits for the ingest', () => statusReads() >= 2);
		const assetId = pendingAsset()!.id;
		const cancelledAt = Date.now();
		stop.abort();
		const { error } = await running;
		// The clean-up's own bound (0.5 s here) after at most one poll interval, not the 3 s the delete hangs.
		expect(Date.now() - cancelledAt).toBeLessThan(2500);
		expect(bed.sandbox.store.faults.stats().slow).toBe(1);
		expect(pendingAsset()?.id).toBe(assetId);
		const lines = stayedWarnings(logged);
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain(demoImages);
		expect(lines[0]).toContain(assetId);
		expect(lines[0]).toMatch(/Ingestion → Asset → Delete/);
		const text = visibleText(bed.harness.logs.slice(logged), error);
		for (const secret of [...SECRETS, SIGNATURE]) expect(text).not.toContain(secret);
		// The sandbox's slow answer is still pending: it ends inside this test.
		await wait(Math.max(0, cancelledAt + 3500 - Date.now()));
	});

	test('a delete the service refuses after the cancel is reported in the log', async () => {
		bed.sandbox.setFaults({ errorRate: 1, errorStatuses: [500], paths: [DELETE_PATH] });
		const logged = bed.harness.logs.length;
		const stop = new AbortController();
		const running = identify(stop.signal);
		await until('Identify waits for the ingest', () => statusReads() >= 2);
		const assetId = pendingAsset()!.id;
		stop.abort();
		await running;
		expect(deletes()).toHaveLength(1);
		const lines = stayedWarnings(logged);
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain(demoImages);
		expect(lines[0]).toContain(assetId);
		expect(pendingAsset()?.id).toBe(assetId);
	});
});

test('a cancel ends the wait between status reads at once: no further read, the image deleted', async () => {
	const stop = new AbortController();
	const running = bed.harness.runNode({
		type: TYPES.celebrity,
		parameters: {
			resource: 'image',
			operation: 'identify',
			datasetId: byId(demoImages),
			imageUrl: photo('Ava Marlowe'),
			options: { pollInterval: 30, waitTimeout: 60 },
		},
		cancelSignal: stop.signal,
	});
	// The read is answered: Identify waits 30 s for the next one.
	await until(
		'the first status read is answered',
		() => statusReads() >= 1 && pendingAsset() !== undefined && statusRequests()[0].status !== undefined,
	);
	await wait(50);
	const reads = statusReads();
	const cancelledAt = Date.now();
	stop.abort();
	const { run, error } = await running;
	expect(error?.message).toMatch(/^Stopped waiting for .*: the execution was cancelled$/);
	expect(run.status).not.toBe('success');
	expect(Date.now() - cancelledAt).toBeLessThan(5000);
	expect(statusReads()).toBe(reads);
	expect(deletes()).toHaveLength(1);
	expect(pendingAsset()).toBeUndefined();
});

test('an item still waiting when another stops the node deletes its image all the same', async () => {
	// Item 1 times out after 1 s (its image deleted, the node stops); item 0 is waiting then, and its next read is
	// refused: its image must still be deleted, though no other request of the run may start.
	const running = identify(undefined, [{ url: photo('Ava Marlowe') }, { url: photo('Dmitri Volkanov'), timeout: 1 }]);
	const { error } = await running;
	expect(error?.message).toMatch(/did not finish within 1 seconds/);
	await until('both images are deleted', () => deletes().length === 2);
	expect(pendingAsset()).toBeUndefined();
});

test('without a cancel, an image that could not be deleted is named in the error, dataset and asset', async () => {
	bed.sandbox.setFaults({ errorRate: 1, errorStatuses: [500], paths: [DELETE_PATH] });
	const { error } = await identify(undefined, [{ url: photo('Ava Marlowe'), timeout: 1 }]);
	const assetId = pendingAsset()!.id;
	expect(error?.message).toMatch(/did not finish within 1 seconds/);
	expect(error?.description).toContain(
		`The image stayed in dataset ${demoImages}: delete asset ${assetId} with Ingestion → Asset → Delete.`,
	);
	expect(visibleText(error)).not.toContain(SIGNATURE);
});
