import { answerChat } from '../chat/engine';
import { chatWithDataset, chatWithOrganization } from '../chat/contract';
import { operation } from '../contract';
import { isSoftDeleted } from '../datasets/model';
import { jsonReply } from '../http';
import { liveDataset, type RouteDefinition } from './route';

export const chatRoutes: RouteDefinition[] = [
	operation('chat', chatWithOrganization, (context, { body }) => {
		// Assumed: "the datasets configured for the organization" are its active datasets that hold videos.
		const datasets = [...context.store.datasets.values()]
			.filter((dataset) => !isSoftDeleted(dataset) && dataset.status === 'active')
			.filter((dataset) =>
				[...context.store.assets.values()].some((asset) => asset.datasetId === dataset.id && asset.kind === 'video'),
			)
			.sort((a, b) => a.name.localeCompare(b.name));
		const text = body.chat_request_text ?? '';
		return jsonReply(
			200,
			answerChat(context.store, datasets, text, body.history_chat_messages ?? [], context.clock.nowIso()),
		);
	}),
	operation('chat-dataset', chatWithDataset, (context, { path, body }) => {
		const dataset = liveDataset(context.store, path.dataset_id);
		const text = body.chat_request_text ?? '';
		return jsonReply(
			200,
			answerChat(context.store, [dataset], text, body.history_chat_messages ?? [], context.clock.nowIso()),
		);
	}),
];
