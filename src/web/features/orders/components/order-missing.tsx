import { Link } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";

/** An order page whose order does not exist for this reader, with the way back to the list. */
export function OrderMissing({
	message,
	backTo,
	backLabel,
}: {
	message: string;
	backTo: string;
	backLabel: string;
}) {
	return (
		<EmptyState
			message={message}
			action={
				<Link to={backTo} className="btn btn-primary">
					{backLabel}
				</Link>
			}
		/>
	);
}
