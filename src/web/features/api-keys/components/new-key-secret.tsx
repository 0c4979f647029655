import { OneTimeSecret } from "../../../components/ui/one-time-secret.tsx";

/** The secret of a key just made, the one time it is shown. */
export function NewKeySecret({
	name,
	secret,
	onDone,
}: {
	name: string;
	secret: string;
	onDone: () => void;
}) {
	return (
		<OneTimeSecret
			intro={
				<p>{`The key “${name}” is made. Give it to the system that will use it.`}</p>
			}
			warning="This is the only time the key is shown: the shop keeps only its first characters. Copy it now and keep it somewhere safe."
			label="Your new key"
			noun="key"
			secret={secret}
			onDone={onDone}
		/>
	);
}
