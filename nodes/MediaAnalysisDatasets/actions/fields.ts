/** `multimodal` passed its sunset and is never offered nor sent. */
export const SUNSET_ENCODER = {
	name: 'multimodal',
	sunset: '2025-07-07',
	replacedBy: ['multimodal-tx-large2', 'multimodal-tx-large3'],
};
