import { OneTimeSecret } from "../../../components/ui/one-time-secret.tsx";

/**
 * The signing secret of an endpoint just added, the one time it is shown: the receiving system
 * checks each delivery's signature with it.
 */
export function NewEndpointSecret({
	url,
	secret,
	onDone,
}: {
	url: string;
	secret: string;
	onDone: () => void;
}) {
	return (
		<OneTimeSecret
			intro={
				<p className="break-words">
					{"The shop now sends events to "}
					<span className="break-all font-mono">{url}</span>
					{
						". Give this secret to the system there: it checks with it that each delivery comes from the shop, by its "
					}
					<code className="font-mono">Tools-Gallery-Signature</code>
					{" header."}
				</p>
			}
			warning="This is the only time the secret is shown. Copy it now and keep it somewhere safe."
			label="Signing secret"
			noun="secret"
			secret={secret}
			onDone={onDone}
		/>
	);
}
