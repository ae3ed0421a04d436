import { createHash, randomBytes } from 'node:crypto';

import { DEMO_USER_ID, SEED_DATASET_IDS } from '../seed';

/** A role as users, invitations and clients hold it: a system role (no resource), or a role on one dataset. */
export interface RoleGrant {
	role_id: string;
	resource: string | null;
	resource_instance: string | null;
}

/** A role the organization offers (`RoleDefinition`). */
export interface RoleDefinition {
	role_id: string;
	name: string;
	description: string | null;
	resource: string | null;
}

export interface UserRecord {
	id: string;
	name: string;
	email: string | null;
	picture: string | null;
	createdAt: number;
	lastLogin: number | null;
	roles: RoleGrant[];
}

export interface InvitationRecord {
	id: string;
	inviterName: string;
	name: string;
	email: string;
	roles: RoleGrant[];
	createdAt: number;
	expiresAt: number;
	ticket: string;
}

export interface ClientRecord {
	id: string;
	secret: string;
	name: string;
	roles: RoleGrant[];
	createdAt: number;
}

/** The roles the sandbox's organization offers: two for the whole organization, two per dataset. */
export const ROLE_DEFINITIONS: readonly RoleDefinition[] = [
	{
		role_id: 'admin',
		name: 'Administrator',
		description: 'Manages users, roles, invitations and system credentials',
		resource: null,
	},
	{ role_id: 'member', name: 'Member', description: 'Uses the datasets shared with them', resource: null },
	{
		role_id: 'editor',
		name: 'Dataset Editor',
		description: 'Ingests, labels and changes one dataset',
		resource: 'dataset',
	},
	{ role_id: 'viewer', name: 'Dataset Viewer', description: 'Searches and reads one dataset', resource: 'dataset' },
];

/** How long an invitation stays valid (assumed: the document gives `expires_at`, not the period). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/** Where an invitation link points (the sandbox serves no such page). */
export const INVITATION_BASE_URL = 'https://app.media-analysis.example/invitations/accept';

const SEED_TIME = Date.parse('2026-01-05T09:00:00Z');
const HOUR = 3600 * 1000;

const hex = (seed: string, length: number) => createHash('sha256').update(seed).digest('hex').slice(0, length);
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits (client IDs and secrets, invitation IDs and tickets). */
export function randomWord(length: number): string {
	return [...randomBytes(length)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/** A seeded user's ID, shaped like an identity provider's (`auth0|` and 24 hex characters). */
export const seedUserId = (email: string) => `auth0|${hex(`user:${email}`, 24)}`;

const system = (role_id: string): RoleGrant => ({ role_id, resource: null, resource_instance: null });
const onDataset = (role_id: string, datasetId: string): RoleGrant => ({
	role_id,
	resource: 'dataset',
	resource_instance: datasetId,
});

/** Fictional people of the organization; the demo user (every demo credential acts as them) is its administrator. */
const SEED_PEOPLE: Array<[string, string, RoleGrant[]]> = [
	['Ana Costa', 'ana.costa@example.com', [system('member'), onDataset('editor', SEED_DATASET_IDS.demoImages)]],
	['Bruno Alves', 'bruno.alves@example.com', [system('member'), onDataset('viewer', SEED_DATASET_IDS.demoVideos)]],
	['Chiara Romano', 'chiara.romano@example.com', [system('admin')]],
	['Dmitri Volkov', 'dmitri.volkov@example.com', [system('member')]],
	[
		'Elif Demir',
		'elif.demir@example.com',
		[
			system('member'),
			onDataset('viewer', SEED_DATASET_IDS.demoImages),
			onDataset('viewer', SEED_DATASET_IDS.demoVideos),
		],
	],
	['Farah Haddad', 'farah.haddad@example.com', [system('member'), onDataset('editor', SEED_DATASET_IDS.demoMixed)]],
	['Gustav Berg', 'gustav.berg@example.com', []],
	['Hana Sato', 'hana.sato@example.com', [system('member')]],
	['Ines Moreau', 'ines.moreau@example.com', [system('member'), onDataset('editor', SEED_DATASET_IDS.demoVideos)]],
	['Jonas Weber', 'jonas.weber@example.com', [system('member')]],
	['Kofi Mensah', 'kofi.mensah@example.com', [system('member'), onDataset('viewer', SEED_DATASET_IDS.demoMixed)]],
];

/** The seeded system credentials: their IDs and names (secrets are derived, so tests can log in with them). */
export const SEED_CLIENTS = {
	ingestion: { id: 'Sx4ingest7Qp2Lm9Rt3Vw8Yz1Ab6Cd0Ef', name: 'nightly-ingestion' },
	reporting: { id: 'Sx4report5Hj8Kn2Mq7Pr1Tu4Wx9Za3Bc', name: 'weekly-reporting' },
} as const;

/** A seeded client's secret (fixed, so the request log can mask it and tests can use it). */
export const seedClientSecret = (id: string) => `sbx_cs_seed_${hex(`client-secret:${id}`, 40)}`;

/** Users, invitations and system credentials of the one organization the sandbox has (see README, Administration). */
export class AdministrationArea {
	readonly users = new Map<string, UserRecord>();
	readonly invitations = new Map<string, InvitationRecord>();
	readonly clients = new Map<string, ClientRecord>();
	/**
	 * A careless service: Get, Get Many and Update answer a client's secret, and an error about a client quotes
	 * it (in words and in its details), so tests prove the node keeps it out of everything but the create's output.
	 */
	echoSecrets = false;

	constructor() {
		this.reset();
	}

	reset(): void {
		this.echoSecrets = false;
		this.users.clear();
		this.users.set(DEMO_USER_ID, {
			id: DEMO_USER_ID,
			name: 'Demo Admin',
			email: 'demo.admin@example.com',
			picture: null,
			createdAt: SEED_TIME - 24 * HOUR,
			lastLogin: SEED_TIME,
			roles: [system('admin')],
		});
		SEED_PEOPLE.forEach(([name, email, roles], index) =>
			this.addUser({ name, email, roles, createdAt: SEED_TIME + index * HOUR }),
		);
		this.invitations.clear();
		for (const [index, [name, email]] of [
			['Lena Fischer', 'lena.fischer@example.com'],
			['Mateo Ruiz', 'mateo.ruiz@example.com'],
		].entries()) {
			const id = `uinv_seed${hex(`invitation:${email}`, 12)}`;
			this.invitations.set(id, {
				id,
				inviterName: 'Demo Admin',
				name,
				email,
				roles: [system('member')],
				// Seeded far ahead of the seed time so they stay pending on the sandbox clock (real time).
				createdAt: Date.parse('2026-11-01T10:00:00Z') + index * HOUR,
				expiresAt: Date.parse('2027-11-01T10:00:00Z') + index * HOUR,
				ticket: hex(`ticket:${email}`, 32),
			});
		}
		this.clients.clear();
		this.clients.set(SEED_CLIENTS.ingestion.id, {
			id: SEED_CLIENTS.ingestion.id,
			secret: seedClientSecret(SEED_CLIENTS.ingestion.id),
			name: SEED_CLIENTS.ingestion.name,
			roles: [onDataset('editor', SEED_DATASET_IDS.demoImages)],
			createdAt: SEED_TIME,
		});
		this.clients.set(SEED_CLIENTS.reporting.id, {
			id: SEED_CLIENTS.reporting.id,
			secret: seedClientSecret(SEED_CLIENTS.reporting.id),
			name: SEED_CLIENTS.reporting.name,
			roles: [],
			createdAt: SEED_TIME + HOUR,
		});
	}

	/** Adds a user (tests use it for long lists); returns it. */
	addUser({
		name,
		email,
		roles = [],
		createdAt = SEED_TIME,
		id,
	}: {
		name: string;
		email: string;
		roles?: RoleGrant[];
		createdAt?: number;
		id?: string;
	}): UserRecord {
		const user: UserRecord = {
			id: id ?? seedUserId(email),
			name,
			email,
			picture: null,
			createdAt,
			lastLogin: null,
			roles,
		};
		this.users.set(user.id, user);
		return user;
	}

	/** An invitation accepted: the person becomes a user with the invitation's roles. */
	accept(invitationId: string, now: number): UserRecord | undefined {
		const invitation = this.invitations.get(invitationId);
		if (!invitation) return undefined;
		this.invitations.delete(invitationId);
		return this.addUser({ name: invitation.name, email: invitation.email, roles: invitation.roles, createdAt: now });
	}

	/** The pending invitations at `now` (an expired one is no longer pending), oldest first. */
	pending(now: number): InvitationRecord[] {
		return [...this.invitations.values()]
			.filter((invitation) => invitation.expiresAt > now)
			.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
	}

	/** Every client secret: masked in the request log, searched for by the secrets tests. */
	secrets(): string[] {
		return [...this.clients.values()].map((client) => client.secret);
	}
}

/** Users in the order the list gives them: oldest first, then by ID. */
export const compareUsers = (a: UserRecord, b: UserRecord) => a.createdAt - b.createdAt || a.id.localeCompare(b.id);

const iso = (ms: number) => new Date(ms).toISOString();

export const toRole = (grant: RoleGrant) => ({ ...grant });

/** `PartialUserResponse` (roles only when asked for) and `UserResponse` (always with roles). */
export function toUserResponse(user: UserRecord, withRoles = true) {
	return {
		user_id: user.id,
		name: user.name,
		email: user.email,
		picture: user.picture,
		created_at: iso(user.createdAt),
		last_login: user.lastLogin === null ? null : iso(user.lastLogin),
		...(withRoles ? { roles: user.roles.map(toRole) } : {}),
	};
}

/** `UserInvitation`. */
export function toInvitation(invitation: InvitationRecord) {
	return {
		invitation_id: invitation.id,
		inviter: { name: invitation.inviterName },
		invitee: { email: invitation.email, name: invitation.name, roles: invitation.roles.map(toRole) },
		invitation_url: `${INVITATION_BASE_URL}?invitation=${invitation.id}&ticket=${invitation.ticket}`,
		created_at: iso(invitation.createdAt),
		expires_at: iso(invitation.expiresAt),
		roles: invitation.roles.map(toRole),
	};
}

/**
 * `ClientResponse`. The document requires `client_secret` in every answer but says the secret is returned only on
 * creation: other answers hold it empty, unless the area is careless (`echoSecrets`).
 */
export function toClientResponse(client: ClientRecord, { withSecret = false }: { withSecret?: boolean } = {}) {
	return {
		client_id: client.id,
		client_secret: withSecret ? client.secret : '',
		name: client.name,
		roles: client.roles.map(toRole),
	};
}
