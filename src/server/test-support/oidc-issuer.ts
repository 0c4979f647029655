import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type IssuerAccount = {
	email: string;
	name: string;
	emailVerified: boolean;
};

export type LocalIssuer = {
	issuerUrl: string;
	clientId: string;
	clientSecret: string;
	/** Who signs in at the issuer next; its login and consent pages finish by themselves. */
	setAccount(account: IssuerAccount): void;
	close(): Promise<void>;
};

/**
 * A real OpenID Connect issuer on loopback (oidc-provider), standing in for Google: discovery,
 * authorization with PKCE, token and userinfo endpoints. Its interaction step signs in the
 * configured account and grants consent without a page, so a test can follow the redirects.
 */
export async function startLocalIssuer(
	redirectUri: string,
): Promise<LocalIssuer> {
	let account: IssuerAccount = {
		email: "google.user@example.com",
		name: "Gia Google",
		emailVerified: true,
	};
	const clientId = "tools-gallery-test";
	const clientSecret = "local-issuer-test-secret";
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	const issuerUrl = `http://127.0.0.1:${port}`;

	const provider = new Provider(issuerUrl, {
		clients: [
			{
				client_id: clientId,
				client_secret: clientSecret,
				redirect_uris: [redirectUri],
				grant_types: ["authorization_code"],
				response_types: ["code"],
			},
		],
		claims: {
			openid: ["sub"],
			email: ["email", "email_verified"],
			profile: ["name"],
		},
		conformIdTokenClaims: false,
		features: { devInteractions: { enabled: false } },
		cookies: { keys: ["local-issuer-cookie-key"] },
		interactions: {
			url: (_ctx: unknown, interaction: { uid: string }) =>
				`/interaction/${interaction.uid}`,
		},
		findAccount: (_ctx: unknown, sub: string) => ({
			accountId: sub,
			claims: () => ({
				sub,
				email: account.email,
				email_verified: account.emailVerified,
				name: account.name,
			}),
		}),
	});
	const handle = provider.callback();
	server.on("request", (request, response) => {
		if (!request.url?.startsWith("/interaction/"))
			return handle(request, response);
		void finishInteraction(request, response);
	});

	async function finishInteraction(
		request: http.IncomingMessage,
		response: http.ServerResponse,
	): Promise<void> {
		try {
			const details = await provider.interactionDetails(request, response);
			const accountId = `sub-${account.email}`;
			if (details.prompt.name === "login") {
				await provider.interactionFinished(
					request,
					response,
					{ login: { accountId } },
					{
						mergeWithLastSubmission: false,
					},
				);
				return;
			}
			const grant = new provider.Grant({
				accountId,
				clientId: details.params.client_id,
			});
			grant.addOIDCScope("openid email profile");
			const grantId = await grant.save();
			await provider.interactionFinished(
				request,
				response,
				{ consent: { grantId } },
				{
					mergeWithLastSubmission: true,
				},
			);
		} catch (error) {
			response.statusCode = 500;
			response.end(String(error));
		}
	}

	return {
		issuerUrl,
		clientId,
		clientSecret,
		setAccount(next) {
			account = next;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
