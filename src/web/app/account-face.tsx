import type { Me } from "../../shared/session.schemas.ts";

export const ACCOUNT_BUTTON_CLASS =
	"btn btn-secondary gap-2 border-secondary-content/30";

/** Up to two initials of a display name, for an account without a picture. */
function readInitials(name: string): string {
	return name
		.trim()
		.split(/\s+/)
		.slice(0, 2)
		.map((word) => word.charAt(0).toUpperCase())
		.join("");
}

function Avatar({ me }: { me: Me }) {
	if (me.image)
		return (
			<img
				src={me.image}
				alt=""
				width={28}
				height={28}
				className="h-7 w-7 rounded-full object-cover"
			/>
		);
	return (
		<span
			aria-hidden="true"
			className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-content"
		>
			{readInitials(me.name)}
		</span>
	);
}

/** What the account menu's button shows: the account's picture (or initials) and name. */
export function AccountFace({ me }: { me: Me }) {
	return (
		<>
			<Avatar me={me} />
			<span className="max-w-40 truncate">{me.name}</span>
		</>
	);
}

/**
 * The account menu's button as it looks while the menu's code loads, just after the session is
 * known: the same face in the same place, not yet a button, so nothing can be pressed in vain.
 */
export function AccountMenuPlaceholder({ me }: { me: Me }) {
	return (
		<div className="relative">
			<span className={ACCOUNT_BUTTON_CLASS}>
				<AccountFace me={me} />
			</span>
		</div>
	);
}
