import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listEndpoint } from '../endpoints';
import { UUID_PATTERN } from '../validation';
import { listSearchMethod } from './pagedListSearch';

const UUID = new RegExp(UUID_PATTERN, 'i');

/** The UUID chosen above for a list that shows what it holds; anything else asks to choose it first. */
export function chosenUuid(context: ILoadOptionsFunctions, parameter: string, what: string, description: string) {
	const value = String(context.getCurrentNodeParameter(parameter, { extractValue: true }) ?? '').trim();
	if (!UUID.test(value)) throw new NodeOperationError(context.getNode(), `Choose the ${what} first`, { description });
	return value;
}

/** "From list" for datasets: searches by name and pages with the service's `skip`. */
export const searchDatasets = listSearchMethod<'datasets.list'>({
	list: listEndpoint('datasets.list'),
	serverFilter: (text) => (text ? { name_pattern: text } : {}),
	toResults: (dataset) => ({ name: dataset.name, value: dataset.id }),
});

/** "From list" for connections, by name (which every endpoint that takes a connection accepts), matched here. */
export const searchConnections = listSearchMethod<'connections.listConnections'>({
	list: listEndpoint('connections.listConnections'),
	matches: (connection, text) => connection.name.toLowerCase().includes(text) || connection.connection_id === text,
	toResults: (connection) => ({
		name: connection.name,
		value: connection.name,
		description: `${connection.type}, ${connection.status}`,
	}),
});

/** "From list" for a video of the chosen dataset: its video search (no listing exists), ranked by the words typed. */
export const searchVideos = listSearchMethod<'search.searchVideos'>((context) => {
	const datasetId = chosenUuid(
		context,
		'datasetId',
		'dataset',
		'The list shows the videos of the dataset chosen above From List or By ID (a dataset given By Name is looked up only when the node runs: give the video By ID).',
	);
	return {
		list: listEndpoint('search.searchVideos', {
			body: { dataset_id: datasetId, ignore_keyframes: true, text_query: '' },
		}),
		pageSize: 50,
		serverFilter: (text) => ({ text_query: text?.trim() ?? '' }),
		toResults: (video) => ({
			name: video.source_path.split('/').pop() || video.source_path,
			value: video.video_id,
			description: video.source_path,
		}),
	};
});
