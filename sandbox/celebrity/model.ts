import { createHash } from 'node:crypto';
import { stableUuid, type AssetRecord } from '../assets/model';
import { DEMO_USER_ID } from '../seed';

/**
 * Celebrity detection: enrolled persons, and the faces of active persons found in the seeded images of
 * `store.assets`. Faces point at assets by id, so an image deleted through ingestion disappears from every answer.
 */
export type EnrollmentStatus = 'draft' | 'active' | 'failed' | 'in_progress';

export const ENROLLMENT_STATUSES = ['draft', 'active', 'failed', 'in_progress'] as const;

/** Fields `sort_field` may name; anything else is answered with a 422. */
export const PERSON_SORT_FIELDS = ['created_dt', 'name', 'status'] as const;
export type PersonSortField = (typeof PERSON_SORT_FIELDS)[number];

/** "Images up to 15 MB", read as 15 MiB. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

export interface BoundingBox {
	x1: number;
	y1: number;
	x2: number;
	y2: number;
}

export interface PersonRecord {
	id: string;
	name: string;
	aliases: string[];
	uploadIds: string[];
	status: EnrollmentStatus;
	createdBy: string;
	createdAt: number;
}

export interface FaceRecord {
	id: string;
	personId: string;
	imageId: string;
	datasetId: string;
	bbox: BoundingBox;
	confidence: number;
}

const SEEDED_AT = Date.parse('2026-02-01T10:00:00Z');

/** Fictional people. Index order is enrollment order; a few are not active (see seedStatus). */
const SEED_PEOPLE: Array<[name: string, aliases: string[]]> = [
	['Ava Marlowe', ['The Marlowe', 'A. Marlowe']],
	['Bruno Castellane', ['Bruno C']],
	['Celia Okafor', []],
	['Dmitri Volkanov', ['Dima']],
	['Elena Barros', ['Lena']],
	['Felix Arndt', []],
	['Grace Whitlow', ['Gracie']],
	['Hiro Tanabe', ['H. Tanabe']],
	['Ines Delacroix', []],
	['Jonah Pryce', ['JP']],
	['Kaia Lindqvist', ['Kai']],
	['Luca Ferrante', []],
	['Maya Oduya', ['May O']],
	['Niall Brennan', []],
	['Olivia Stroud', ['Liv']],
	['Pablo Ruiz Serra', ['Pablito']],
	['Quinn Hartley', []],
	['Rosa Valverde', ['La Rosa']],
	['Samir Haddad', []],
	['Tessa Monroe', ['Tess']],
	['Umar Siddiqui', []],
	['Vera Kowalczyk', ['V.K.']],
	['Wes Calloway', []],
	['Xenia Petrakis', ['Xen']],
	['Yusuf Demir', []],
	['Zoe Achterberg', ['Zed']],
	['Amara Nwosu', []],
	['Bastian Krol', ['Bas']],
	['Chloe Renaud', []],
	['Diego Almeida', ['Dieguito']],
	['Esme Calder', []],
	['Farid Rahimi', ['Fari']],
	['Greta Solberg', []],
	['Henrik Vass', ['The Viking']],
	['Isla Moreno', []],
	['Jasper Quell', ['J.Q.']],
];

const NOT_ACTIVE: Record<number, EnrollmentStatus> = { 5: 'draft', 13: 'in_progress', 22: 'failed', 31: 'draft' };

export function seedPersonId(name: string): string {
	return stableUuid(`celebrity-person:${name}`);
}

function digest(seed: string | Buffer): Buffer {
	return createHash('sha256').update(seed).digest();
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** A face-sized box inside the unit square, with coordinates taken from hash bytes (relative to image size). */
export function boxFrom(bytes: Buffer, offset = 0): BoundingBox {
	const x1 = round4((bytes[offset] / 255) * 0.7);
	const y1 = round4((bytes[offset + 1] / 255) * 0.6);
	const width = round4(0.1 + (bytes[offset + 2] / 255) * 0.2);
	const height = round4(0.15 + (bytes[offset + 3] / 255) * 0.2);
	return { x1, y1, x2: round4(x1 + width), y2: round4(y1 + height) };
}

const confidenceFrom = (bytes: Buffer, offset: number) => round4(0.8 + (bytes[offset] / 255) * 0.19);

export class CelebrityState {
	readonly persons = new Map<string, PersonRecord>();
	readonly faces: FaceRecord[] = [];

	/** Seeds 36 persons (32 active) and faces of the active ones in the ready images among `assets`. */
	reset(assets: Map<string, AssetRecord>): void {
		this.persons.clear();
		this.faces.length = 0;
		SEED_PEOPLE.forEach(([name, aliases], index) => {
			this.addPerson({
				name,
				aliases,
				status: NOT_ACTIVE[index] ?? 'active',
				createdAt: SEEDED_AT + index * 3_600_000,
			});
		});
		const images = [...assets.values()]
			.filter((asset) => asset.kind === 'image' && asset.status === 'completed')
			.sort((a, b) => a.datasetId.localeCompare(b.datasetId) || a.path.localeCompare(b.path));
		if (images.length === 0) return;
		[...this.persons.values()].forEach((person, index) => {
			if (person.status !== 'active') return;
			const picks = [(index * 5) % images.length, (index * 7 + 3) % images.length];
			if (index % 4 === 0) picks.push((index * 11 + 1) % images.length);
			for (const pick of new Set(picks)) this.addFace(person, images[pick]);
		});
	}

	/** Enrolls a person (tests use it to make lists longer than the seed). */
	addPerson(input: {
		name: string;
		aliases?: string[];
		status?: EnrollmentStatus;
		createdAt?: number;
		createdBy?: string;
	}): PersonRecord {
		const id = seedPersonId(input.name);
		const person: PersonRecord = {
			id,
			name: input.name,
			aliases: [...(input.aliases ?? [])],
			uploadIds: [0, 1].map((n) => `upload-${digest(`${id}:${n}`).toString('hex').slice(0, 24)}`),
			status: input.status ?? 'active',
			createdBy: input.createdBy ?? DEMO_USER_ID,
			createdAt: input.createdAt ?? SEEDED_AT,
		};
		this.persons.set(id, person);
		return person;
	}

	addFace(person: PersonRecord, image: AssetRecord): FaceRecord {
		const bytes = digest(`${person.id}:${image.id}`);
		const face: FaceRecord = {
			id: stableUuid(`celebrity-face:${person.id}:${image.id}`),
			personId: person.id,
			imageId: image.id,
			datasetId: image.datasetId,
			bbox: boxFrom(bytes),
			confidence: confidenceFrom(bytes, 4),
		};
		this.faces.push(face);
		return face;
	}

	/** Exact name or alias, ignoring case and surrounding spaces; a name wins over another person's alias. */
	findByNameOrAlias(text: string): PersonRecord | undefined {
		const wanted = text.trim().toLowerCase();
		const persons = [...this.persons.values()];
		return (
			persons.find((person) => person.name.toLowerCase() === wanted) ??
			persons.find((person) => person.aliases.some((alias) => alias.trim().toLowerCase() === wanted))
		);
	}

	findByName(text: string): PersonRecord | undefined {
		const wanted = text.trim().toLowerCase();
		return [...this.persons.values()].find((person) => person.name.toLowerCase() === wanted);
	}

	/** Faces of a person whose image still exists. */
	facesOf(personId: string, assets: Map<string, AssetRecord>): FaceRecord[] {
		return this.faces.filter((face) => face.personId === personId && assets.has(face.imageId));
	}

	facesIn(imageId: string): FaceRecord[] {
		return this.faces
			.filter((face) => face.imageId === imageId)
			.sort((a, b) => a.bbox.x1 - b.bbox.x1 || a.id.localeCompare(b.id));
	}

	activePersons(): PersonRecord[] {
		return [...this.persons.values()].filter((person) => person.status === 'active');
	}
}

/* --------------------------------------------------------------------------------------------------------------
 * Identify: deterministic answers for an external image.
 * ------------------------------------------------------------------------------------------------------------ */

/** `celebrity:<name or alias>;` anywhere in the image bytes (e.g. in a JPEG comment segment) names a person. */
const MARKER = /celebrity:([^;\0\r\n]{1,100});/g;

export function isJpeg(bytes: Buffer): boolean {
	return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/**
 * Who is in an external image. Markers win: each `celebrity:<name or alias>;` of an active person adds that
 * person. Without markers the SHA-256 of the bytes picks 0, 1 or 2 active persons. Boxes come from the hash too, so
 * the same bytes always give the same answer.
 */
export function identify(state: CelebrityState, bytes: Buffer): Array<{ person: PersonRecord; bbox: BoundingBox }> {
	const hash = digest(bytes);
	const text = bytes.toString('latin1');
	const named: PersonRecord[] = [];
	for (const match of text.matchAll(MARKER)) {
		const person = state.findByNameOrAlias(match[1]);
		if (person && person.status === 'active' && !named.includes(person)) named.push(person);
	}
	const active = state.activePersons();
	let chosen = named;
	if (named.length === 0 && active.length > 0) {
		const count = hash[0] % 3;
		chosen = [];
		for (let k = 0; chosen.length < Math.min(count, active.length) && k < 8; k++) {
			const person = active[hash[1 + k] % active.length];
			if (!chosen.includes(person)) chosen.push(person);
		}
	}
	return chosen.map((person, index) => ({
		person,
		bbox: boxFrom(digest(Buffer.concat([hash, Buffer.from(person.id)])), index % 4),
	}));
}

/* --------------------------------------------------------------------------------------------------------------
 * Response shapes (celebrity-detection:* schemas of the OpenAPI document).
 * ------------------------------------------------------------------------------------------------------------ */

export function toPersonResponse(person: PersonRecord, state: CelebrityState, assets: Map<string, AssetRecord>) {
	const seen = new Set<string>();
	const ingestedImages = state
		.facesOf(person.id, assets)
		.filter((face) => !seen.has(face.imageId) && seen.add(face.imageId))
		.map((face) => ({ coactive_image_id: face.imageId, dataset_id: face.datasetId }));
	return {
		id: person.id,
		name: person.name,
		aliases: [...person.aliases],
		upload_ids: [...person.uploadIds],
		ingested_images: ingestedImages,
		status: person.status,
		created_user_id: person.createdBy,
		created_dt: new Date(person.createdAt).toISOString(),
	};
}

export function toFaceResponse(face: FaceRecord) {
	return {
		id: face.id,
		image_id: face.imageId,
		dataset_id: face.datasetId,
		bbox: { ...face.bbox },
		confidence: face.confidence,
	};
}

export function toDetectedPerson(person: PersonRecord, bbox: BoundingBox) {
	return { id: person.id, name: person.name, aliases: [...person.aliases], bbox: { ...bbox } };
}

export function comparePersons(field: PersonSortField | undefined, direction: 'asc' | 'desc') {
	const sign = direction === 'desc' ? -1 : 1;
	return (a: PersonRecord, b: PersonRecord): number => {
		let order = 0;
		if (field === 'name') order = a.name.localeCompare(b.name);
		else if (field === 'status') order = a.status.localeCompare(b.status);
		else order = a.createdAt - b.createdAt;
		return sign * order || a.createdAt - b.createdAt || a.id.localeCompare(b.id);
	};
}
