import { useShopSettings } from "../features/shop-settings/shop-settings.queries.ts";

/**
 * The shop's name, legal address and contact email from its settings, under the brand line once
 * an admin has entered an address or an email; nothing while there is none, or while they load.
 */
export function ShopAddress() {
	const { data } = useShopSettings();
	if (!data || (!data.legal_address && !data.contact_email)) return null;
	return (
		<address className="text-sm not-italic">
			<span className="block font-semibold">{data.shop_name}</span>
			{data.legal_address && (
				<span className="block whitespace-pre-line">{data.legal_address}</span>
			)}
			{data.contact_email && (
				<a
					href={`mailto:${data.contact_email}`}
					className="link hover:text-accent"
				>
					{data.contact_email}
				</a>
			)}
		</address>
	);
}
