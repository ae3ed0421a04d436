import type { IDataObject } from 'n8n-workflow';

import type { Run } from './run';
import type { PageLimit } from './transport';
import { Checks, firstOf } from './validation';

/** "By Name": the one record a name names, the candidates an error lists; and a list kept within its Limit. */

/** What a "By Name" locator looks names up among: `records` gives every candidate whose name may match. */
export interface NameLookup {
	/** In messages: "dataset", "concept". */
	kind: string;
	records: (run: Run, name: string, itemIndex: number) => Promise<IDataObject[]>;
	/** `records` lists every record whatever the name: one listing serves every name of the run. */
	listsAll?: boolean;
	idField?: string;
}

const nfc = (name: unknown) => (typeof name === 'string' ? name.normalize('NFC') : undefined);

/**
 * The records `name` names, the rule of every By Name: NFC-normalized and case-sensitive, spaces included; only when
 * no name matches so do the trimmed ones (`trimmed` then true).
 */
export function recordsNamed(records: IDataObject[], name: string): { named: IDataObject[]; trimmed: boolean } {
	const typed = name.normalize('NFC');
	const named = records.filter((record) => nfc(record.name) === typed);
	if (named.length > 0) return { named, trimmed: false };
	return { named: records.filter((record) => nfc(record.name)?.trim() === typed.trim()), trimmed: true };
}

const CANDIDATES_SHOWN = 5;

/** Records as an error lists them: `"name" (ID)`, quoted (spaces show) and cut at 60 characters. */
function candidates(records: IDataObject[], idField: string): string {
	const show = (record: IDataObject) => {
		const name = JSON.stringify(String(record.name));
		return `${name.length > 62 ? `${name.slice(0, 58)}..."` : name} (${String(record[idField])})`;
	};
	return firstOf(records, CANDIDATES_SHOWN, ', ', { show });
}

/** How far apart two names read: edits between their lower-case forms, none when only spaces and punctuation differ. */
function nameDistance(a: string, b: string): number {
	const bare = (text: string) => text.replace(/[\s\p{P}]+/gu, '');
	const [x, y] = [a.normalize('NFC').toLowerCase(), b.normalize('NFC').toLowerCase()];
	if (bare(x) === bare(y)) return 0;
	let row = Array.from({ length: y.length + 1 }, (_, j) => j);
	for (let i = 1; i <= x.length; i++) {
		const next = [i];
		for (let j = 1; j <= y.length; j++)
			next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
		row = next;
	}
	return row[y.length];
}

/** The records whose names read closest to `name`, closest first. */
function closestNamed(records: IDataObject[], name: string): IDataObject[] {
	return records
		.filter((record) => typeof record.name === 'string')
		.map((record) => ({ record, distance: nameDistance(String(record.name), name) }))
		.sort((a, b) => a.distance - b.distance || String(a.record.name).localeCompare(String(b.record.name)))
		.map(({ record }) => record);
}

/** The ID of the one record `name` names; none or several is an error naming the parameter, item and candidates. */
export function onlyIdNamed(
	checks: Checks,
	records: IDataObject[],
	name: string,
	{ kind, label, idField = 'id' }: { kind: string; label: string; idField?: string },
): string {
	const { named, trimmed } = recordsNamed(records, name);
	const id = named[0]?.[idField];
	if (named.length === 1 && typeof id === 'string') return id;
	const quoted = JSON.stringify(name);
	const choose = `choose the ${kind} From List or By ID`;
	if (named.length === 0) {
		const typed = name.normalize('NFC').trim().toLowerCase();
		const caseOnly = records.filter((record) => nfc(record.name)?.trim().toLowerCase() === typed);
		const closest = closestNamed(records, name);
		throw checks.invalid(
			label,
			`no ${kind} is named ${quoted}`,
			caseOnly.length > 0
				? `Names are case-sensitive, and these differ from it only in case: ${candidates(caseOnly, idField)}. Type the name exactly as shown, or ${choose}.`
				: closest.length > 0
					? `The closest names: ${candidates(closest, idField)}. Type one of them exactly, or ${choose}.`
					: `This credential sees no ${kind} at all. Check that the credential belongs to the account that holds the ${kind}, or create it first.`,
		);
	}
	throw checks.invalid(
		label,
		named.length === 1
			? `the service's ${kind} named ${quoted} has no ID`
			: `${named.length} ${kind}s are named ${quoted}${trimmed ? ' once the spaces around the names are left out' : ''}`,
		`${choose[0].toUpperCase()}${choose.slice(1)}: ${candidates(named, idField)}.`,
	);
}

/**
 * What a name is searched by where the service filters by a part (`name_pattern`): the longest piece of the trimmed
 * name that reads the same in every Unicode normal form, so names composed otherwise are among the candidates.
 */
function nameSearchTerm(name: string): string | undefined {
	const pieces = [''];
	for (const char of name.normalize('NFC').trim()) {
		if (char.normalize('NFD') === char && !/\p{M}/u.test(char)) pieces[pieces.length - 1] += char;
		else pieces.push('');
	}
	const longest = pieces.map((piece) => piece.trim()).reduce((a, b) => (b.length > a.length ? b : a));
	return longest === '' ? undefined : longest;
}

/** How many datasets a name that matches none is compared with, to name the closest (read only on that failure). */
const CLOSEST_AMONG = 1000;

/**
 * The datasets that may be named `name` (`recordsNamed` picks after). When the service's name filter leaves none that
 * is, the first datasets of the whole list instead, so that the error can name the closest.
 */
export async function datasetsMatching(run: Run, name: string, itemIndex?: number): Promise<IDataObject[]> {
	const term = nameSearchTerm(name);
	const list = async (qs: IDataObject, limit: PageLimit) => await run.list('datasets.list', { qs, itemIndex, limit });
	const matching = await list(term === undefined ? {} : { name_pattern: term }, { returnAll: true });
	if (term === undefined || recordsNamed(matching, name).named.length > 0) return matching;
	return await list({}, { returnAll: false, limit: CLOSEST_AMONG });
}

/** The ID of the one dataset `name` names, outside an execution's item loop (a poll, a list in the editor). */
export async function datasetIdNamed(run: Run, name: string, label = 'Dataset'): Promise<string> {
	return onlyIdNamed(new Checks(run.context, 0), await datasetsMatching(run, name), name, { kind: 'dataset', label });
}

/** The records a list keeps under Return All / Limit, for answers the service sends in one page. */
export function withinLimit<T>(records: T[], { returnAll, limit }: { returnAll: boolean; limit: number }): T[] {
	return returnAll ? records : records.slice(0, limit);
}
