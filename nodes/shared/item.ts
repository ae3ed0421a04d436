import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';

import { getConnectionRef, getWaitOptions, isByName, locatorUuid, readWait, resolveDatasetId } from './readers';
import { getPageLimit, type Run } from './run';
import { Checks } from './validation';

/**
 * One input item of a run, as an operation sees it: its parameters (`param`), the checks of what they hold (`Checks`:
 * each error names the parameter and this item), and the run whose verbs call the service (`item.run.call(…)`).
 * The router makes one per item and hands it to the operation's `execute`.
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
		return getPageLimit.call(this.context, this.index);
	}

	/** Wait for Completion's options, or undefined when the node should return at once. */
	waitOptions() {
		return getWaitOptions.call(this.context, this.index);
	}

	/** Poll Interval and Timeout given elsewhere than under Wait for Completion, checked. */
	readWait(pollInterval: unknown, timeout: unknown) {
		return readWait.call(this.context, this.index, pollInterval, timeout);
	}

	/** The UUID a locator gives (From List or By ID). */
	locatorUuid(parameter: string, label: string): string {
		return locatorUuid.call(this.context, this.index, parameter, label);
	}

	/** A connection locator: its ID (By ID) or its name. */
	connectionRef(parameter?: string, label?: string): string {
		return getConnectionRef.call(this.context, this.index, parameter, label);
	}

	/** The dataset a locator names (From List, By ID, or By Name: looked up). */
	async datasetId(parameter?: string, label?: string): Promise<string> {
		return await resolveDatasetId(this.run, this.index, parameter, label);
	}

	/** The locator is By Name. */
	byName(parameter: string): boolean {
		return isByName(this.run, this.index, parameter);
	}
}
