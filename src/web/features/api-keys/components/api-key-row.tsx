import {
	API_KEY_SCOPE_LABELS,
	type ApiKey,
} from "../../../../shared/api-keys.schemas.ts";

const madeOn = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
/** The shop keeps when a key was last used to the minute: the time says as much. */
const usedAt = new Intl.DateTimeFormat("en-US", {
	dateStyle: "medium",
	timeStyle: "short",
});

/** "Nov 20, 2026", in the reader's time zone; the date itself never breaks over two lines. */
function When({ iso, format }: { iso: string; format: Intl.DateTimeFormat }) {
	return (
		<time dateTime={iso} className="whitespace-nowrap">
			{format.format(new Date(iso))}
		</time>
	);
}

/**
 * One API key of the admin's list: its name, what it may do, the first characters of its secret
 * (all the shop keeps to tell keys apart), who made it and when, when it was last used, and
 * 'Revoke', or when it was revoked. Stacked on a phone, one line of columns on a wider screen.
 */
export function ApiKeyRow({
	apiKey,
	onRevoke,
}: {
	apiKey: ApiKey;
	onRevoke: (apiKey: ApiKey) => void;
}) {
	const titleId = `api-key-${apiKey.id}`;
	return (
		<article
			className="flex flex-col gap-2 p-4 md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem] md:items-center md:gap-4"
			aria-labelledby={titleId}
		>
			<div className="min-w-0 space-y-1">
				<h3 id={titleId} className="break-words font-semibold">
					{apiKey.name}
				</h3>
				<p className="text-sm">
					<span className="sr-only">Starts with </span>
					<code className="font-mono">{`${apiKey.prefix}…`}</code>
				</p>
				<ul className="flex flex-wrap gap-1" aria-label="What it may do">
					{apiKey.scopes.map((scope) => (
						<li key={scope} className="badge badge-outline badge-sm">
							{API_KEY_SCOPE_LABELS[scope]}
						</li>
					))}
				</ul>
			</div>
			<div className="min-w-0 space-y-1 text-sm text-base-content/80">
				<p className="break-words">
					{"Made "}
					<When iso={apiKey.created_at} format={madeOn} />
					{` by ${apiKey.created_by_email ?? "an account since removed"}`}
				</p>
				<p>
					{apiKey.last_used_at ? (
						<>
							{"Last used "}
							<When iso={apiKey.last_used_at} format={usedAt} />
						</>
					) : (
						"Never used"
					)}
				</p>
			</div>
			<div className="md:justify-self-end">
				{apiKey.revoked_at ? (
					<span className="badge badge-neutral">
						{/* One item of the badge's flex row: its gap would double the space. */}
						<span className="whitespace-nowrap">
							{"Revoked "}
							<When iso={apiKey.revoked_at} format={madeOn} />
						</span>
					</span>
				) : (
					<button
						type="button"
						className="btn btn-outline btn-error btn-sm"
						aria-label={`Revoke: ${apiKey.name}`}
						onClick={() => onRevoke(apiKey)}
					>
						Revoke
					</button>
				)}
			</div>
		</article>
	);
}
