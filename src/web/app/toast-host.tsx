import "react-toastify/dist/ReactToastify.css";
import { ToastContainer } from "react-toastify/unstyled";

/** The spec's toast settings: top-right, 5 s, pause on hover, draggable at 80 %. */
export function ToastHost() {
	return (
		<ToastContainer
			position="top-right"
			autoClose={5000}
			pauseOnHover
			draggable
			draggablePercent={80}
		/>
	);
}
