import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import "./styles.css";
import { AppRoutes } from "./app/app-routes.tsx";
import { Providers } from "./app/providers.tsx";
import { waitForFirstPaint } from "./lib/first-paint.ts";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

waitForFirstPaint();

createRoot(container).render(
	<StrictMode>
		<BrowserRouter>
			<Providers>
				<AppRoutes />
			</Providers>
		</BrowserRouter>
	</StrictMode>,
);
