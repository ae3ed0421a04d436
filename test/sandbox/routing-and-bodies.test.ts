import { send, useSandbox } from './helpers';

describe('routing and request bodies', () => {
	const { sandbox, api } = useSandbox({ reset: false, client: true });

	it('answers 404 Not Found for an unknown path', async () => {
		for (const path of ['/api/v1/unknown', '/', '/api/v1/datasets/a/b/c', '/api/v1/datasets/']) {
			const reply = await send(sandbox.url, 'GET', path, { token: api.token });
			expect([path, reply.status, reply.body]).toEqual([path, 404, { detail: 'Not Found' }]);
		}
	});

	it('answers 405 Method Not Allowed for a known path with another method', async () => {
		const reply = await send(sandbox.url, 'PUT', '/api/v1/datasets/1b665e65-8768-48b3-8556-1791a5ae4b24', {
			token: api.token,
		});

		expect(reply.status).toBe(405);
		expect(reply.body).toEqual({ detail: 'Method Not Allowed' });
		expect(reply.headers.allow).toBe('GET, PATCH, DELETE');
	});

	it('answers 422 json_invalid for a malformed JSON body', async () => {
		const reply = await send(sandbox.url, 'POST', '/api/v1/datasets', {
			token: api.token,
			rawBody: '{"name": ',
			headers: { 'content-type': 'application/json' },
		});

		expect(reply.status).toBe(422);
		expect(reply.body).toEqual({
			detail: [{ loc: ['body', 0], msg: 'JSON decode error', type: 'json_invalid' }],
		});
	});

	it('reads a body without content type as JSON, like FastAPI', async () => {
		const reply = await send(sandbox.url, 'POST', '/api/v1/datasets', {
			token: api.token,
			rawBody: JSON.stringify({ name: 'no_content_type', encoder_name: 'resnet-50' }),
		});

		expect(reply.status).toBe(200);
	});

	it('does not read a form-encoded body as JSON', async () => {
		const reply = await send(sandbox.url, 'POST', '/api/v1/datasets', {
			token: api.token,
			rawBody: 'name=form&encoder_name=resnet-50',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
		});

		expect(reply.status).toBe(422);
		expect(reply.body.detail).toEqual([
			{
				loc: ['body'],
				msg: 'Input should be a valid dictionary or object to extract fields from',
				type: 'model_attributes_type',
			},
		]);
	});

	it('answers 422 when the JSON body is not an object', async () => {
		const reply = await send(sandbox.url, 'POST', '/api/v1/datasets', { token: api.token, json: ['name'] });

		expect(reply.body.detail).toEqual([
			{
				loc: ['body'],
				msg: 'Input should be a valid dictionary or object to extract fields from',
				type: 'model_attributes_type',
			},
		]);
	});

	it('parses a JSON body sent with GET and records it', async () => {
		sandbox.clearRequestLog();
		const reply = await send(sandbox.url, 'GET', '/api/v1/encoders', {
			token: api.token,
			json: { image: 'aGVsbG8=' },
		});

		expect(reply.status).toBe(200);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/v1/encoders',
			body: { image: 'aGVsbG8=' },
		});
	});

	it('answers 422 for malformed JSON on a GET too', async () => {
		const reply = await send(sandbox.url, 'GET', '/api/v1/encoders', {
			token: api.token,
			rawBody: '{oops',
			headers: { 'content-type': 'application/json' },
		});

		expect(reply.status).toBe(422);
		expect(reply.body.detail[0].type).toBe('json_invalid');
	});

	it('answers with JSON and a content length', async () => {
		const reply = await send(sandbox.url, 'GET', '/api/v1/encoders', { token: api.token });

		expect(reply.headers['content-type']).toBe('application/json');
		expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.text));
	});
});
