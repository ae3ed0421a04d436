/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import type { ServerResponse } from 'node:http';

/** Resolves when a slow reader takes more of a response, or has gone away (for servers that stream a large body). */
export function drained(res: ServerResponse): Promise<void> {
	return new Promise((done) => {
		const finish = () => {
			res.off('drain', finish);
			res.off('close', finish);
			done();
		};
		res.once('drain', finish);
		res.once('close', finish);
	});
}
