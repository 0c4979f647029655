// oidc-provider ships no types; only what the local test issuer uses is declared here.
declare module "oidc-provider" {
	import type { IncomingMessage, ServerResponse } from "node:http";

	type Account = {
		accountId: string;
		claims: () => Record<string, unknown>;
	};

	class Grant {
		constructor(options: { accountId: string; clientId: string });
		addOIDCScope(scope: string): void;
		save(): Promise<string>;
	}

	export default class Provider {
		constructor(issuer: string, configuration: Record<string, unknown>);
		Grant: typeof Grant;
		callback(): (request: IncomingMessage, response: ServerResponse) => void;
		interactionDetails(
			request: IncomingMessage,
			response: ServerResponse,
		): Promise<{
			prompt: { name: string };
			params: { client_id: string };
			grantId?: string;
		}>;
		interactionFinished(
			request: IncomingMessage,
			response: ServerResponse,
			result: Record<string, unknown>,
			options?: { mergeWithLastSubmission?: boolean },
		): Promise<void>;
		on(event: string, listener: (...args: unknown[]) => void): void;
	}
	export type { Account };
}
