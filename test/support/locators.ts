/** Resource locator values as n8n stores them in a node's parameters: `{ __rl: true, mode, value }`. */
export const locator = <T>(mode: string, value: T) => ({ __rl: true, mode, value });
export const byId = <T>(value: T) => locator('id', value);
export const byName = <T>(value: T) => locator('name', value);
export const byUrl = <T>(value: T) => locator('url', value);
export const fromList = <T>(value: T) => locator('list', value);
