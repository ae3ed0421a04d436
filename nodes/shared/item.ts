import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';

import { datasetsMatching, onlyIdNamed, type NameLookup } from './readers';
import { pageLimit, WAIT_DEFAULTS, type Run, type WaitOptions } from './run';
import { Checks } from './validation';

/**
 * One input item of a run, as an operation sees it: its parameters (`param`), the checks of what they hold (`Checks`:
 * each error names the parameter and this item), and the run whose verbs call the service (`item.run.call(…)`).
 * The router makes one per item and hands it to the operation's `execute`. Each reader checks what it reads before
 * anything is sent; the parameters they read are built in `descriptions.ts`.
 */
export class Item extends Checks {
	readonly context: IExecuteFunctions;

	constructor(
		readonly run: Run,
		index: number,
	) {
		super(run.execution, index);
		this.context = run.execution;
	}

	/** The parameter's value for this item (n8n's `getNodeParameter`), `fallback` when it is not shown. */
	param<T = unknown>(name: string, fallback?: T, options?: IGetNodeParameterOptions): T {
		return this.context.getNodeParameter(name, this.index, fallback, options) as T;
	}

	/** The Options (or another collection) parameter: `{}` when nothing was added. */
	options(name = 'options'): IDataObject {
		return this.param<IDataObject>(name, {});
	}

	/** Return All / Limit, checked. */
	pageLimit(): { returnAll: boolean; limit: number } {
		return pageLimit(this.context, this.index);
	}

	/** Wait for Completion's Poll Interval and Timeout, or undefined when the node should return at once. */
	waitOptions(): WaitOptions | undefined {
		if (!this.param<boolean>('waitForCompletion', false)) return undefined;
		return this.readWait(this.param('pollInterval', undefined), this.param('waitTimeout', undefined));
	}

	/** Poll Interval and Timeout, checked (an expression may give a fraction of a second); unset: `WAIT_DEFAULTS`. */
	readWait(pollInterval: unknown, timeout: unknown): WaitOptions {
		const { pollIntervalSeconds, timeoutSeconds } = WAIT_DEFAULTS;
		return {
			pollIntervalSeconds: this.range(pollInterval ?? pollIntervalSeconds, 'Poll Interval', {
				min: 0.1,
				integer: false,
			}),
			timeoutSeconds: this.range(timeout ?? timeoutSeconds, 'Timeout', { min: 1, integer: false }),
		};
	}

	/** The UUID a locator gives (From List or By ID). */
	locatorUuid(parameter: string, label: string): string {
		return this.uuid(this.param(parameter, '', { extractValue: true }), label);
	}

	/** A connection locator: its ID (By ID) or its name. */
	connectionRef(parameter = 'connection', label = 'Connection'): string {
		const locator = this.param<{ mode?: string } | string>(parameter, {});
		const value = this.param(parameter, '', { extractValue: true });
		return typeof locator === 'object' && locator.mode === 'id' ? this.uuid(value, label) : this.notEmpty(value, label);
	}

	/** The locator is By Name. */
	byName(parameter: string): boolean {
		const locator = this.param<{ mode?: string } | string>(parameter, {});
		return typeof locator === 'object' && locator.mode === 'name';
	}

	/** The ID of the one record the locator's value names (`onlyIdNamed`), looked up once per name in a node run. */
	async idByName(parameter: string, label: string, lookup: NameLookup): Promise<string> {
		const { kind, records, listsAll = false, idField = 'id' } = lookup;
		// Checked, but not trimmed: spaces are part of a name.
		const name = this.param<string>(parameter, '', { extractValue: true });
		this.notEmpty(name, label);
		// Looked up once per name in the run (10,000 items naming one dataset cost one look-up).
		const key = JSON.stringify(['names', ...(listsAll ? [kind] : [kind, name.normalize('NFC')])]);
		const found = await this.run.lookup(key, () => records(this.run, name, this.index));
		return onlyIdNamed(this, found, name, { kind, label, idField });
	}

	/** The dataset a locator names (From List, By ID, or By Name: looked up). */
	async datasetId(parameter = 'datasetId', label = 'Dataset'): Promise<string> {
		if (!this.byName(parameter)) return this.locatorUuid(parameter, label);
		return await this.idByName(parameter, label, { kind: 'dataset', records: datasetsMatching });
	}
}
