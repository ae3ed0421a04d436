/* Dev-only: what each example workflow under examples/ must produce when real n8n runs it against the sandbox. */
import { SEED_DATASET_NAMES } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';
import { type Execution, nodeOutput } from '../../scripts/n8n-runtime/instance';

export type ExampleCheck = (execution: Execution, sandbox: Sandbox) => void;

/**
 * One entry per file in examples/ (a test fails when an example has none). Checks read the items n8n produced and
 * what the sandbox received.
 */
export const EXAMPLE_CHECKS: Record<string, ExampleCheck> = {
	'datasets-create-and-inspect.json': (execution, sandbox) => {
		const encoders = nodeOutput(execution, 'List Encoders').map((e) => e.name);
		expect(encoders).toContain('multimodal-tx-large3');
		expect(encoders).not.toContain('multimodal');

		const active = nodeOutput(execution, 'List Active Datasets').map((d) => d.name);
		expect(active.sort()).toEqual(
			[SEED_DATASET_NAMES.demoImages, SEED_DATASET_NAMES.demoMixed, SEED_DATASET_NAMES.demoVideos].sort(),
		);

		const [created] = nodeOutput(execution, 'Create Dataset');
		expect(created.name).toMatch(/^example_photos_\d{14}$/);
		expect(created.allowed_asset_types).toEqual(['image']);
		const [fetched] = nodeOutput(execution, 'Get Dataset');
		expect(fetched).toMatchObject({ id: created.id, name: created.name, status: created.status });
		const [config] = nodeOutput(execution, 'Get Dataset Config');
		expect(config).toMatchObject({
			dataset_id: created.id,
			encoder_name: { visual: 'multimodal-tx-large3' },
			metadata_fields_to_index: ['brand', 'campaign'],
		});

		// The dataset exists in the service, as created by n8n.
		const stored = sandbox.store.datasets.get(String(created.id));
		expect(stored?.name).toBe(created.name);
		expect(stored?.metadataFieldsToIndex).toEqual(['brand', 'campaign']);
		const posts = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/datasets');
		expect(posts).toHaveLength(1);
	},
};
