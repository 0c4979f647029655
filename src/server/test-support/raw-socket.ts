import net from "node:net";
import { onTestFinished } from "vitest";

/**
 * A raw connection to a server under test, closed when the test finishes: for requests no HTTP
 * client library will send, or a request sent in part with the rest held back.
 */
export async function connectRaw(port: number, host = "127.0.0.1") {
	const socket = net.connect(port, host);
	onTestFinished(() => {
		socket.destroy();
	});
	socket.setEncoding("utf8");
	let received = "";
	socket.on("data", (chunk) => {
		received += chunk;
	});
	socket.on("error", () => {});
	const closed = new Promise<void>((resolve) => {
		socket.on("close", () => resolve());
	});
	await new Promise<void>((resolve) => socket.once("connect", resolve));
	return { socket, closed, received: () => received };
}
