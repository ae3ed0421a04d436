/**
 * Version 1.1: a chat turn returns this turn (the answer, what each search found, follow-ups and the turn's own
 * messages); the whole conversation (`history_chat_messages`) only with Include History. A model using the node as a
 * tool keeps its own conversation, and a workflow asks for the history where a later node continues it. Version 1
 * keeps returning the history every turn.
 */
export const TURN_VERSION = 1.1;
