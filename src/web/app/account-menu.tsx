import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { Me } from "../../shared/session.schemas.ts";
import { ACCOUNT_BUTTON_CLASS, AccountFace } from "./account-face.tsx";

const ITEM_COUNT = 3;

/**
 * The button with the account's name and the menu it opens (menu button pattern): Enter, Space
 * or ArrowDown open it on the first item, the arrows move, Escape closes it back to the button.
 */
export function AccountMenu({
	me,
	onSignOut,
}: {
	me: Me;
	onSignOut: () => void;
}) {
	const [isOpen, setIsOpen] = useState(false);
	const [activeIndex, setActiveIndex] = useState(0);
	const containerRef = useRef<HTMLDivElement>(null);
	const buttonRef = useRef<HTMLButtonElement>(null);
	const itemRefs = useRef<(HTMLElement | null)[]>([]);
	const menuId = useId();

	useEffect(() => {
		if (isOpen) itemRefs.current[activeIndex]?.focus();
	}, [isOpen, activeIndex]);

	useEffect(() => {
		if (!isOpen) return;
		function closeOnOutsidePress(event: PointerEvent) {
			if (!containerRef.current?.contains(event.target as Node))
				setIsOpen(false);
		}
		document.addEventListener("pointerdown", closeOnOutsidePress);
		return () =>
			document.removeEventListener("pointerdown", closeOnOutsidePress);
	}, [isOpen]);

	function openAt(index: number) {
		setActiveIndex(index);
		setIsOpen(true);
	}

	function closeToButton() {
		setIsOpen(false);
		buttonRef.current?.focus();
	}

	function handleButtonKey(event: KeyboardEvent) {
		if (event.key === "ArrowDown") {
			event.preventDefault();
			openAt(0);
		} else if (event.key === "ArrowUp") {
			event.preventDefault();
			openAt(ITEM_COUNT - 1);
		}
	}

	function handleMenuKey(event: KeyboardEvent) {
		const moves: Record<string, number> = {
			ArrowDown: (activeIndex + 1) % ITEM_COUNT,
			ArrowUp: (activeIndex - 1 + ITEM_COUNT) % ITEM_COUNT,
			Home: 0,
			End: ITEM_COUNT - 1,
		};
		const next = moves[event.key];
		if (next !== undefined) {
			event.preventDefault();
			setActiveIndex(next);
		} else if (event.key === "Escape") {
			event.preventDefault();
			closeToButton();
		} else if (event.key === "Tab") {
			setIsOpen(false);
		}
	}

	const itemProps = (index: number) => ({
		role: "menuitem",
		tabIndex: -1,
		ref: (element: HTMLElement | null) => {
			itemRefs.current[index] = element;
		},
	});

	return (
		<div ref={containerRef} className="relative">
			<button
				ref={buttonRef}
				type="button"
				className={ACCOUNT_BUTTON_CLASS}
				aria-haspopup="menu"
				aria-expanded={isOpen}
				aria-controls={isOpen ? menuId : undefined}
				onClick={() => (isOpen ? setIsOpen(false) : openAt(0))}
				onKeyDown={handleButtonKey}
			>
				<AccountFace me={me} />
			</button>
			{isOpen && (
				<ul
					id={menuId}
					// biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows a list to be a menu, and daisyUI styles `menu` as ul > li
					role="menu"
					aria-label={me.name}
					className="menu absolute right-0 z-40 mt-2 w-52 rounded-box bg-base-100 p-2 text-base-content shadow-lg"
					onKeyDown={handleMenuKey}
				>
					<li role="none">
						<Link
							to="/dashboard/profile"
							{...itemProps(0)}
							onClick={() => setIsOpen(false)}
						>
							My Profile
						</Link>
					</li>
					<li role="none">
						<Link
							to="/dashboard"
							{...itemProps(1)}
							onClick={() => setIsOpen(false)}
						>
							Dashboard
						</Link>
					</li>
					<li role="none">
						<button
							type="button"
							{...itemProps(2)}
							onClick={() => {
								setIsOpen(false);
								onSignOut();
							}}
						>
							Sign Out
						</button>
					</li>
				</ul>
			)}
		</div>
	);
}
