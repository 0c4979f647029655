export function EmptyState({ message }: { message: string }) {
	return <p className="py-12 text-center text-base-content/70">{message}</p>;
}
