import { Navigate } from "react-router";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import { ShopSettingsForm } from "../../features/shop-settings/components/shop-settings-form.tsx";
import { useShopSettings } from "../../features/shop-settings/shop-settings.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/** The admin's Shop Settings; a customer is sent to their own dashboard (the API refuses them too). */
export function ShopSettingsPage() {
	usePageTitle("Shop Settings");
	const session = useSession();
	if (session.status !== "signed-in")
		return <Spinner label="Loading your account" />;
	if (!session.me.is_admin) return <Navigate to="/dashboard" replace />;
	return <ShopSettingsAdmin />;
}

/** The shop's name, legal address, tax id, contact email, currency and logo. */
function ShopSettingsAdmin() {
	const settings = useShopSettings();
	return (
		<section className="space-y-4" aria-labelledby="shop-settings-title">
			<h1 id="shop-settings-title" className="text-2xl font-bold">
				Shop Settings
			</h1>
			<p className="text-base-content/80">
				Invoices print these details as they are when each invoice is issued;
				the footer shows the address and the contact email.
			</p>
			<QueryBoundary
				query={settings}
				loadingLabel="Loading the shop settings"
				errorTitle="The shop settings could not be loaded"
			>
				{(data) => <ShopSettingsForm settings={data} />}
			</QueryBoundary>
		</section>
	);
}
