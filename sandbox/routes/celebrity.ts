import {
	comparePersons,
	identify,
	isJpeg,
	MAX_IMAGE_BYTES,
	type PersonRecord,
	toDetectedPerson,
	toFaceResponse,
	toPersonResponse,
} from '../celebrity/model';
import { listPersons, updateAliases } from '../celebrity/contract';
import { operation } from '../contract';
import type { AssetRecord } from '../assets/model';
import { celebrityDetectionEnabled } from '../datasets/model';
import { HttpError, jsonReply } from '../http';
import type { SandboxStore } from '../store';
import { validationError } from '../validation';
import { numberedPage, type RouteDefinition } from './route';

const personNotFound = () => new HttpError(404, 'Person not found');

function findPerson(store: SandboxStore, id: string): PersonRecord {
	const person = store.celebrity.persons.get(id);
	if (!person) throw personNotFound();
	return person;
}

/**
 * Persons in an image ingested through the API: found once it is ready, in a dataset with celebrity detection on.
 * The service reads the downloaded file; the sandbox reads its source path (percent-decoded) the way identify reads
 * bytes, so `celebrity:<name>;` in a URL names who is in the picture.
 */
function personsInIngested(store: SandboxStore, image: AssetRecord) {
	const dataset = store.datasets.get(image.datasetId);
	if (image.status !== 'completed' || !dataset || !celebrityDetectionEnabled(dataset)) return [];
	let path = image.path;
	try {
		path = decodeURIComponent(image.path);
	} catch {
		// A malformed escape leaves the path as it was.
	}
	return identify(store.celebrity, Buffer.from(path, 'latin1')).map(({ person, bbox }) =>
		toDetectedPerson(person, bbox),
	);
}

// A plain character class: a grouped pattern overflows the stack on a 20 MB string.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The `image` field as bytes: strict base64 of a JPEG of at most 15 MiB, else a pydantic-style value_error. */
function decodeImage(image: string): Buffer {
	const problem = (msg: string) =>
		validationError([{ loc: ['body', 'image'], msg: `Value error, ${msg}`, type: 'value_error' }]);
	if (image.length === 0) throw problem('image is empty');
	if (image.length % 4 !== 0 || !BASE64.test(image)) throw problem('image is not valid base64');
	const bytes = Buffer.from(image, 'base64');
	if (bytes.length > MAX_IMAGE_BYTES) throw problem('image is larger than 15 MB');
	if (!isJpeg(bytes)) throw problem('image is not a JPEG image');
	return bytes;
}

export const celebrityRoutes: RouteDefinition[] = [
	operation('get-person-api-v-0-celebrity-detection-person-person-id-get', (context, { path }) => {
		const { store } = context;
		return jsonReply(200, toPersonResponse(findPerson(store, path.person_id), store.celebrity, store.assets));
	}),
	operation('get-persons-in-org-api-v-0-celebrity-detection-persons-get', listPersons, (context, { query }) => {
		const { store } = context;
		const direction = query.sort_direction ?? 'asc';
		const persons = [...store.celebrity.persons.values()].sort(comparePersons(query.sort_field, direction));
		return jsonReply(200, {
			...numberedPage(persons, query, (person) => toPersonResponse(person, store.celebrity, store.assets)),
			sort: query.sort_field ? [{ field: query.sort_field, direction }] : null,
		});
	}),
	operation('get-faces-with-person-api-v-0-celebrity-detection-faces-with-person-get', (context, { query }) => {
		const { store } = context;
		let person: PersonRecord | undefined;
		if (query.person_id !== undefined) person = findPerson(store, query.person_id);
		else if (query.person_name !== undefined && query.person_name.trim() !== '') {
			person = store.celebrity.findByName(query.person_name);
			if (!person) throw personNotFound();
		} else {
			throw new HttpError(400, 'Either person_id or person_name must be given');
		}
		return jsonReply(200, { faces: store.celebrity.facesOf(person.id, store.assets).map(toFaceResponse) });
	}),
	operation(
		'get-persons-by-names-and-aliases-api-v-0-celebrity-detection-persons-by-names-and-aliases-get',
		(context, { query }) => {
			const { celebrity } = context.store;
			return jsonReply(200, {
				matches: query.person_names_or_aliases.map((name) => ({
					name,
					person_id: celebrity.findByNameOrAlias(name)?.id ?? null,
				})),
			});
		},
	),
	operation('get-persons-in-image-api-v-0-celebrity-detection-persons-in-image-image-id-get', (context, { path }) => {
		const { store } = context;
		const image = store.assets.get(path.image_id);
		if (!image || image.kind !== 'image') throw new HttpError(404, 'Image not found');
		if (image.ingestJobId !== null) return jsonReply(200, { persons: personsInIngested(store, image) });
		const persons = store.celebrity.facesIn(image.id).flatMap((face) => {
			const person = store.celebrity.persons.get(face.personId);
			return person ? [toDetectedPerson(person, face.bbox)] : [];
		});
		return jsonReply(200, { persons });
	}),
	operation('identify-celebrities-in-external-image-api-v-0-celebrity-detection-identify-get', (context, { body }) => {
		const bytes = decodeImage(body.image);
		const found = identify(context.store.celebrity, bytes);
		return jsonReply(200, { persons: found.map(({ person, bbox }) => toDetectedPerson(person, bbox)) });
	}),
	operation(
		'update-person-aliases-api-v-0-celebrity-detection-person-aliases-put',
		updateAliases,
		(context, { body }) => {
			const { store } = context;
			const person = findPerson(store, body.person_id);
			// An omitted or null list changes nothing; a list (even empty) replaces every alias.
			if (body.aliases != null) person.aliases = [...body.aliases];
			return jsonReply(200, toPersonResponse(person, store.celebrity, store.assets));
		},
	),
];
