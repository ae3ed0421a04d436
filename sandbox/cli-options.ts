export const DEFAULT_SANDBOX_PORT = 5680;

/** `--port N` or `--port=N` wins over the SANDBOX_PORT environment variable; 5680 otherwise. */
export function resolvePort(argv: readonly string[], env: NodeJS.ProcessEnv): number {
	const fromArgs = portArgument(argv);
	const raw = fromArgs ?? env.SANDBOX_PORT;
	if (raw === undefined || (fromArgs === undefined && raw === '')) return DEFAULT_SANDBOX_PORT;
	const port = raw.trim() === '' ? Number.NaN : Number(raw);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		throw new Error(`Invalid port '${raw}' (from ${fromArgs !== undefined ? '--port' : 'SANDBOX_PORT'})`);
	}
	return port;
}

function portArgument(argv: readonly string[]): string | undefined {
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--port') return argv[i + 1] ?? '';
		if (argv[i].startsWith('--port=')) return argv[i].slice('--port='.length);
	}
	return undefined;
}
