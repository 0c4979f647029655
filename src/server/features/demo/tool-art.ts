export const TOOL_ART_KINDS = [
	"hammer",
	"wrench",
	"screwdriver",
	"pliers",
	"cordless-drill",
	"circular-saw",
	"hand-saw",
	"tape-measure",
	"spirit-level",
	"socket-set",
	"chisel",
	"bar-clamp",
] as const;

export type ToolArtKind = (typeof TOOL_ART_KINDS)[number];

type Stop = readonly [offset: number, color: string, opacity?: number];

interface Backdrop {
	readonly from: string;
	readonly to: string;
	readonly glow: string;
	readonly shadowOpacity?: number;
}

interface Refs {
	readonly id: (name: string) => string;
	readonly url: (name: string) => string;
}

const STEEL: readonly Stop[] = [
	[0, "#f8fafc"],
	[0.35, "#cbd5e1"],
	[0.5, "#8b97a7"],
	[0.62, "#b8c2cf"],
	[1, "#e2e8f0"],
];

const DARK_STEEL: readonly Stop[] = [
	[0, "#9ca3af"],
	[0.45, "#4b5563"],
	[1, "#1f2937"],
];

const RUBBER: readonly Stop[] = [
	[0, "#4b5563"],
	[0.45, "#1f2937"],
	[1, "#0b0f17"],
];

function refs(kind: ToolArtKind): Refs {
	return {
		id: (name) => `${kind}-${name}`,
		url: (name) => `url(#${kind}-${name})`,
	};
}

function num(value: number): string {
	return String(Math.round(value * 100) / 100);
}

function stops(list: readonly Stop[]): string {
	return list
		.map(([offset, color, opacity]) => {
			const alpha = opacity === undefined ? "" : ` stop-opacity="${opacity}"`;
			return `<stop offset="${offset}" stop-color="${color}"${alpha}/>`;
		})
		.join("");
}

function linear(
	id: string,
	list: readonly Stop[],
	[x1, y1, x2, y2]: readonly [number, number, number, number] = [0, 0, 0, 1],
): string {
	return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

function linearUser(
	id: string,
	list: readonly Stop[],
	[x1, y1, x2, y2]: readonly [number, number, number, number],
): string {
	return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

function radial(
	id: string,
	list: readonly Stop[],
	cx = 0.5,
	cy = 0.5,
	r = 0.5,
): string {
	return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

function polar(cx: number, cy: number, r: number, degrees: number): string {
	const a = (degrees * Math.PI) / 180;
	return `${num(cx + r * Math.cos(a))} ${num(cy + r * Math.sin(a))}`;
}

function circlePath(cx: number, cy: number, r: number): string {
	return `M ${num(cx - r)} ${num(cy)} a ${r} ${r} 0 1 0 ${num(2 * r)} 0 a ${r} ${r} 0 1 0 ${num(-2 * r)} 0 Z`;
}

function starPath(
	cx: number,
	cy: number,
	outer: number,
	inner: number,
	points: number,
	offset = 0,
): string {
	const corners: string[] = [];
	for (let i = 0; i < points * 2; i += 1) {
		const r = i % 2 === 0 ? outer : inner;
		corners.push(polar(cx, cy, r, offset + (i * 180) / points));
	}
	return `M ${corners.join(" L ")} Z`;
}

function hexagon(cx: number, cy: number, r: number): string {
	return starPath(cx, cy, r, r, 3, 0);
}

function scene(
	kind: ToolArtKind,
	backdrop: Backdrop,
	defs: readonly string[],
	transform: string,
	body: string,
): string {
	const { id, url } = refs(kind);
	const shadowOpacity = backdrop.shadowOpacity ?? 0.28;
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">`,
		"<defs>",
		linear(
			id("bg"),
			[
				[0, backdrop.from],
				[1, backdrop.to],
			],
			[0, 0, 1, 1],
		),
		radial(id("glow"), [
			[0, backdrop.glow, 0.75],
			[1, backdrop.glow, 0],
		]),
		`<filter id="${id("shadow")}" x="-25%" y="-25%" width="150%" height="160%">`,
		`<feDropShadow dx="0" dy="22" stdDeviation="16" flood-color="#0b1020" flood-opacity="${shadowOpacity}"/>`,
		"</filter>",
		`<filter id="${id("floor-blur")}" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="12"/></filter>`,
		...defs,
		"</defs>",
		`<rect width="800" height="600" fill="${url("bg")}"/>`,
		`<circle cx="690" cy="80" r="170" fill="#ffffff" opacity="0.10"/>`,
		`<circle cx="70" cy="560" r="210" fill="#ffffff" opacity="0.07"/>`,
		`<ellipse cx="400" cy="290" rx="330" ry="250" fill="${url("glow")}"/>`,
		`<ellipse cx="400" cy="520" rx="270" ry="16" fill="#0b1020" opacity="${num(shadowOpacity * 0.45)}" filter="${url("floor-blur")}"/>`,
		`<g filter="${url("shadow")}"><g transform="${transform}">`,
		body.trim(),
		"</g></g>",
		"</svg>",
	].join("\n");
}

function drawHammer(): string {
	const { id, url } = refs("hammer");
	const ridges: string[] = [];
	for (let y = 72; y <= 212; y += 20) {
		ridges.push(
			`<rect x="-27" y="${y}" width="54" height="6" rx="3" fill="#4b5563" opacity="0.8"/>`,
		);
	}
	const defs = [
		linear(id("steel"), STEEL),
		linear(
			id("face"),
			[
				[0, "#f1f5f9"],
				[1, "#94a3b8"],
			],
			[0, 0, 1, 0],
		),
		linear(
			id("shaft"),
			[
				[0, "#b45309"],
				[0.35, "#fcd34d"],
				[0.6, "#f59e0b"],
				[1, "#92400e"],
			],
			[0, 0, 1, 0],
		),
		linear(id("grip"), RUBBER, [0, 0, 1, 0]),
	];
	const body = `
<path d="M -19 -150 L 19 -150 L 24 60 L -24 60 Z" fill="${url("shaft")}"/>
<rect x="-14" y="-120" width="7" height="160" rx="3.5" fill="#ffffff" opacity="0.35"/>
<path d="M -25 40 L 25 40 L 28 200 Q 31 242 0 244 Q -31 242 -28 200 Z" fill="${url("grip")}"/>
${ridges.join("\n")}
<rect x="-27" y="34" width="54" height="14" rx="5" fill="#f97316"/>
<path d="M -60 -204 C -112 -204 -162 -184 -204 -132 C -210 -124 -202 -115 -194 -121 C -160 -150 -116 -156 -60 -134 Z" fill="${url("steel")}" stroke="#64748b" stroke-width="2"/>
<path d="M 60 -190 L 98 -180 L 98 -148 L 60 -138 Z" fill="${url("steel")}" stroke="#64748b" stroke-width="2"/>
<rect x="-64" y="-206" width="128" height="74" rx="12" fill="${url("steel")}" stroke="#64748b" stroke-width="2"/>
<rect x="-36" y="-140" width="72" height="20" rx="6" fill="#64748b"/>
<rect x="96" y="-208" width="38" height="84" rx="10" fill="${url("face")}" stroke="#64748b" stroke-width="2"/>
<rect x="-50" y="-198" width="100" height="8" rx="4" fill="#ffffff" opacity="0.55"/>`;
	return scene(
		"hammer",
		{ from: "#e0e7ff", to: "#a5b4fc", glow: "#ffffff" },
		defs,
		"translate(400 300) rotate(-32) scale(1.02) translate(35 -18)",
		body,
	);
}

function drawWrench(): string {
	const { id, url } = refs("wrench");
	const defs = [
		linear(id("chrome"), STEEL),
		linear(id("channel"), [
			[0, "#7b8794"],
			[1, "#d5dce4"],
		]),
	];
	const box = `${circlePath(-240, 0, 58)} ${starPath(-240, 0, 33, 27.5, 12, 15)}`;
	const body = `
<path d="M -205 -27 C -100 -19 100 -19 205 -31 L 205 31 C 100 19 -100 19 -205 27 Z" fill="${url("chrome")}" stroke="#64748b" stroke-width="2"/>
<rect x="-150" y="-9" width="300" height="18" rx="9" fill="${url("channel")}"/>
<path d="${box}" fill-rule="evenodd" fill="${url("chrome")}" stroke="#64748b" stroke-width="2"/>
<circle cx="-240" cy="0" r="47" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.45"/>
<g transform="translate(240 0) rotate(-15)">
<path d="M 58.8 -30 A 66 66 0 1 0 58.8 30 L 2 30 A 30 30 0 0 1 2 -30 Z" fill="${url("chrome")}" stroke="#64748b" stroke-width="2"/>
<path d="M -18 -48 A 52 52 0 0 1 30 -52" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.6"/>
</g>`;
	return scene(
		"wrench",
		{ from: "#ffedd5", to: "#fdba74", glow: "#fff7ed" },
		defs,
		"translate(400 300) rotate(-26) scale(1.05)",
		body,
	);
}

function drawScrewdriver(): string {
	const { id, url } = refs("screwdriver");
	const defs = [
		linear(id("handle"), [
			[0, "#f87171"],
			[0.45, "#dc2626"],
			[1, "#7f1d1d"],
		]),
		linear(id("grip"), RUBBER),
		linear(id("shaft"), STEEL),
		linear(id("tip"), DARK_STEEL),
	];
	const body = `
<path d="M -290 -40 C -250 -50 -150 -50 -100 -40 L -60 -30 L -60 30 L -100 40 C -150 50 -250 50 -290 40 Q -312 0 -290 -40 Z" fill="${url("handle")}"/>
<rect x="-268" y="-33" width="156" height="13" rx="6.5" fill="${url("grip")}"/>
<rect x="-272" y="-7" width="164" height="14" rx="7" fill="${url("grip")}"/>
<rect x="-268" y="20" width="156" height="13" rx="6.5" fill="${url("grip")}"/>
<rect x="-262" y="-44" width="150" height="5" rx="2.5" fill="#ffffff" opacity="0.4"/>
<circle cx="-288" cy="0" r="6" fill="#450a0a"/>
<path d="M -62 -31 L -30 -15 L -30 15 L -62 31 Z" fill="${url("grip")}"/>
<rect x="-32" y="-9" width="285" height="18" rx="3" fill="${url("shaft")}" stroke="#64748b" stroke-width="1.5"/>
<path d="M 250 -9 L 276 -14 L 304 -10 L 304 10 L 276 14 L 250 9 Z" fill="${url("tip")}"/>
<path d="M 276 -13 L 276 13" stroke="#111827" stroke-width="2"/>`;
	return scene(
		"screwdriver",
		{ from: "#ccfbf1", to: "#5eead4", glow: "#f0fdfa" },
		defs,
		"translate(400 300) rotate(-24) scale(1.08) translate(4 0)",
		body,
	);
}

function drawPliers(): string {
	const { id, url } = refs("pliers");
	const teeth: string[] = [];
	for (let y = -200; y <= -118; y += 9) {
		teeth.push(
			`<path d="M -2 ${y} L -12 ${y + 4}" stroke="#374151" stroke-width="2.5" stroke-linecap="round"/>`,
		);
	}
	const defs = [
		linear(
			id("steel"),
			[
				[0, "#e2e8f0"],
				[0.5, "#94a3b8"],
				[1, "#475569"],
			],
			[0, 0, 1, 0],
		),
		linear(id("arm"), STEEL, [0, 0, 1, 0]),
		linear(
			id("grip"),
			[
				[0, "#b45309"],
				[0.45, "#fbbf24"],
				[1, "#d97706"],
			],
			[0, 0, 1, 0],
		),
		radial(
			id("pivot"),
			[
				[0, "#f8fafc"],
				[0.6, "#94a3b8"],
				[1, "#475569"],
			],
			0.35,
			0.35,
			0.7,
		),
	];
	const piece = `
<path d="M -1 -20 L -1 -48 L -9 -60 L -9 -92 L -1 -104 L -1 -214 Q -4 -226 -13 -216 C -32 -162 -48 -96 -50 -24 Z" fill="${url("steel")}" stroke="#1f2937" stroke-width="1.5"/>
${teeth.join("\n")}
<g transform="translate(50 58) rotate(-20)">
<rect x="-15" y="-82" width="30" height="100" rx="8" fill="${url("arm")}" stroke="#475569" stroke-width="1.5"/>
<path d="M -20 0 Q -31 -6 -28 -16 L 28 -16 Q 31 -6 20 0 L 25 186 Q 0 216 -25 186 Z" fill="${url("grip")}"/>
<rect x="-9" y="24" width="18" height="150" rx="9" fill="#1f2937" opacity="0.85"/>
</g>
<circle cx="0" cy="0" r="44" fill="${url("steel")}" stroke="#1f2937" stroke-width="1.5"/>`;
	const body = `
<g transform="scale(-1 1)">${piece}</g>
${piece}
<circle cx="0" cy="0" r="17" fill="${url("pivot")}" stroke="#334155" stroke-width="2"/>
<circle cx="0" cy="0" r="5" fill="#334155"/>`;
	return scene(
		"pliers",
		{ from: "#ede9fe", to: "#c4b5fd", glow: "#faf5ff" },
		defs,
		"translate(400 300) rotate(-10) scale(1.04) translate(0 -18)",
		body,
	);
}

function drawCordlessDrill(): string {
	const { id, url } = refs("cordless-drill");
	const ribs: string[] = [];
	for (let x = 108; x <= 128; x += 7) {
		ribs.push(
			`<rect x="${x}" y="-134" width="3" height="88" rx="1.5" fill="#6b7280"/>`,
		);
	}
	for (let x = 146; x <= 190; x += 11) {
		ribs.push(
			`<path d="M ${x} -${num(122 - (x - 134) * 0.22)} L ${x} -${num(58 + (x - 134) * 0.22)}" stroke="#4b5563" stroke-width="4" stroke-linecap="round"/>`,
		);
	}
	const vents: string[] = [];
	for (let i = 0; i < 4; i += 1) {
		vents.push(
			`<rect x="${-186 + i * 14}" y="-118" width="6" height="58" rx="3" fill="#374151"/>`,
		);
	}
	const flutes: string[] = [];
	for (let x = 258; x <= 306; x += 12) {
		flutes.push(
			`<path d="M ${x} -97 L ${x + 9} -83" stroke="#334155" stroke-width="4" stroke-linecap="round"/>`,
		);
	}
	const defs = [
		linear(id("body"), [
			[0, "#fde68a"],
			[0.45, "#f59e0b"],
			[1, "#b45309"],
		]),
		linear(id("black"), RUBBER),
		linear(id("blackside"), RUBBER, [0, 0, 1, 0]),
		linear(id("chrome"), STEEL),
	];
	const body = `
<path d="M -118 -32 L 12 -32 Q 16 -32 15 -27 L -6 128 L -130 128 Z" fill="${url("blackside")}"/>
<path d="M -118 -32 L -94 -32 L -108 128 L -130 128 Z" fill="${url("body")}"/>
<path d="M 10 -30 L 46 -30 Q 56 -6 42 28 Q 36 38 6 32 Z" fill="${url("black")}" stroke="#0b0f17" stroke-width="2"/>
<rect x="-20" y="-22" width="22" height="12" rx="4" fill="#f59e0b"/>
<rect x="-150" y="118" width="178" height="18" rx="6" fill="#111827"/>
<rect x="-192" y="132" width="254" height="78" rx="16" fill="${url("black")}"/>
<rect x="-176" y="146" width="222" height="10" rx="5" fill="#f59e0b"/>
<rect x="18" y="170" width="9" height="6" rx="2" fill="#4ade80"/>
<rect x="31" y="170" width="9" height="6" rx="2" fill="#4ade80"/>
<rect x="44" y="170" width="9" height="6" rx="2" fill="#166534"/>
<path d="M -150 -150 L 80 -150 Q 100 -150 100 -130 L 100 -50 Q 100 -30 80 -30 L -150 -30 A 60 60 0 0 1 -150 -150 Z" fill="${url("body")}"/>
<path d="M -150 -150 L -112 -150 L -112 -30 L -150 -30 A 60 60 0 0 1 -150 -150 Z" fill="${url("black")}"/>
${vents.join("\n")}
<rect x="-112" y="-66" width="212" height="8" rx="4" fill="#111827" opacity="0.85"/>
<rect x="-104" y="-142" width="190" height="9" rx="4.5" fill="#ffffff" opacity="0.45"/>
<rect x="100" y="-140" width="36" height="100" rx="9" fill="${url("black")}"/>
${ribs.join("\n")}
<path d="M 134 -126 L 198 -112 Q 212 -110 212 -96 L 212 -84 Q 212 -70 198 -68 L 134 -54 Z" fill="${url("black")}"/>
<rect x="202" y="-108" width="14" height="36" rx="4" fill="${url("chrome")}"/>
<rect x="214" y="-97" width="42" height="14" rx="2" fill="${url("chrome")}"/>
<path d="M 254 -98 L 318 -98 L 338 -90 L 318 -82 L 254 -82 Z" fill="${url("chrome")}" stroke="#64748b" stroke-width="1.5"/>
${flutes.join("\n")}`;
	return scene(
		"cordless-drill",
		{ from: "#1e293b", to: "#475569", glow: "#94a3b8", shadowOpacity: 0.5 },
		defs,
		"translate(400 300) scale(1.08) translate(-63 -30)",
		body,
	);
}

function drawCircularSaw(): string {
	const { id, url } = refs("circular-saw");
	const cx = -10;
	const cy = 30;
	const r = 150;
	const teeth: string[] = [];
	const count = 32;
	for (let i = 0; i < count; i += 1) {
		const a = (i * 360) / count;
		teeth.push(
			polar(cx, cy, r - 16, a),
			polar(cx, cy, r, a + (360 / count) * 0.72),
		);
	}
	const vents: string[] = [];
	for (let i = 0; i < 5; i += 1) {
		const y = -78 + i * 14;
		const half = Math.sqrt(60 * 60 - (y + 30) * (y + 30)) * 0.8;
		vents.push(
			`<rect x="${num(-20 - half)}" y="${y}" width="${num(half * 2)}" height="7" rx="3.5" fill="#111827" opacity="0.75"/>`,
		);
	}
	const defs = [
		radial(
			id("blade"),
			[
				[0, "#f1f5f9"],
				[0.7, "#cbd5e1"],
				[1, "#8b97a7"],
			],
			0.4,
			0.35,
			0.7,
		),
		linear(
			id("guard"),
			[
				[0, "#fdba74"],
				[0.5, "#ea580c"],
				[1, "#9a3412"],
			],
			[0, 0, 1, 1],
		),
		radial(
			id("motor"),
			[
				[0, "#6b7280"],
				[0.7, "#374151"],
				[1, "#111827"],
			],
			0.4,
			0.35,
			0.7,
		),
		linear(id("black"), RUBBER),
		linear(id("shoe"), STEEL),
	];
	const body = `
<rect x="-238" y="-36" width="84" height="32" rx="9" fill="${url("black")}" transform="rotate(-18 -170 -20)"/>
<path d="M ${teeth.join(" L ")} Z" fill="${url("blade")}" stroke="#64748b" stroke-width="1.5"/>
<circle cx="${cx}" cy="${cy}" r="${r - 40}" fill="none" stroke="#94a3b8" stroke-width="3"/>
<rect x="-208" y="14" width="34" height="40" rx="6" fill="#374151"/>
<path d="M -176.8 50 A 168 168 0 1 1 156.8 50 Z" fill="${url("guard")}" stroke="#7c2d12" stroke-width="2"/>
<path d="M -150 -30 A 150 150 0 0 1 80 -110" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.35"/>
<path d="M -132 -78 C -150 -170 -110 -226 -30 -226 L 52 -226 C 96 -226 118 -196 102 -160 L 82 -116 L 40 -122 L 56 -160 C 61 -176 52 -186 40 -186 L -25 -186 C -82 -186 -104 -150 -92 -96 Z" fill="${url("black")}"/>
<path d="M -46 -186 L 2 -186 Q 6 -170 -8 -160 L -38 -166 Z" fill="#9ca3af"/>
<circle cx="-20" cy="-30" r="78" fill="${url("motor")}" stroke="#0b0f17" stroke-width="2"/>
${vents.join("\n")}
<circle cx="-20" cy="-30" r="78" fill="none" stroke="#fb923c" stroke-width="5" opacity="0.9"/>
<circle cx="-20" cy="20" r="12" fill="#9ca3af"/>
<rect x="118" y="-118" width="52" height="40" rx="16" fill="${url("black")}" transform="rotate(28 144 -98)"/>
<rect x="-236" y="50" width="470" height="18" rx="5" fill="${url("shoe")}" stroke="#64748b" stroke-width="1.5"/>
<path d="M 226 50 L 244 50 Q 262 48 266 30 L 272 32 Q 268 68 240 68 L 226 68 Z" fill="${url("shoe")}" stroke="#64748b" stroke-width="1.5"/>`;
	return scene(
		"circular-saw",
		{ from: "#f7fee7", to: "#bef264", glow: "#ffffff" },
		defs,
		"translate(400 300) scale(1.12) translate(-16 22)",
		body,
	);
}

function drawHandSaw(): string {
	const { id, url } = refs("hand-saw");
	let edge = "";
	for (let x = 310; x - 11 >= -150; x -= 11) {
		edge += ` L ${num(x - 5.5)} 92 L ${num(x - 11)} 80`;
	}
	const defs = [
		linear(id("blade"), [
			[0, "#f8fafc"],
			[0.55, "#cbd5e1"],
			[1, "#8b97a7"],
		]),
		linear(
			id("handle"),
			[
				[0, "#f87171"],
				[0.5, "#dc2626"],
				[1, "#7f1d1d"],
			],
			[0, 0, 1, 1],
		),
		radial(
			id("rivet"),
			[
				[0, "#fef3c7"],
				[0.6, "#d97706"],
				[1, "#78350f"],
			],
			0.35,
			0.35,
			0.7,
		),
	];
	const hole =
		"M -165 -70 C -200 -76 -240 -60 -255 -25 C -266 6 -266 40 -256 74 L -176 60 Q -165 58 -165 48 Z";
	const outline =
		"M -138 -118 C -200 -128 -260 -110 -290 -60 C -316 -14 -322 50 -302 110 Q -296 126 -280 122 L -150 96 Q -134 92 -134 76 L -134 -102 Q -134 -116 -138 -118 Z";
	const body = `
<path d="M -150 -95 L 298 26 Q 310 30 310 42 L 310 80${edge} L -150 80 Z" fill="${url("blade")}" stroke="#64748b" stroke-width="1.5" stroke-linejoin="round"/>
<path d="M -120 -84 L 292 27" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.7"/>
<path d="M -110 62 L 300 62" stroke="#94a3b8" stroke-width="2" opacity="0.7"/>
<path d="${outline} ${hole}" fill-rule="evenodd" fill="${url("handle")}" stroke="#7f1d1d" stroke-width="2"/>
<path d="M -282 -52 C -300 -10 -304 40 -292 96" fill="none" stroke="#111827" stroke-width="14" stroke-linecap="round" opacity="0.85"/>
<circle cx="-150" cy="-70" r="7" fill="${url("rivet")}"/>
<circle cx="-150" cy="-10" r="7" fill="${url("rivet")}"/>
<circle cx="-150" cy="50" r="7" fill="${url("rivet")}"/>`;
	return scene(
		"hand-saw",
		{ from: "#e0f2fe", to: "#7dd3fc", glow: "#ffffff" },
		defs,
		"translate(400 300) rotate(-12) scale(1.1) translate(5 17)",
		body,
	);
}

function drawTapeMeasure(): string {
	const { id, url } = refs("tape-measure");
	const ticks: string[] = [];
	for (let i = 0; i < 28; i += 1) {
		const x = 28 + i * 10;
		const long = i % 5 === 0;
		ticks.push(
			`<path d="M ${x} 58 L ${x} ${long ? 76 : 67}" stroke="#111827" stroke-width="${long ? 2.5 : 1.5}"/>`,
		);
		ticks.push(
			`<path d="M ${x + 5} 98 L ${x + 5} ${i % 2 === 0 ? 86 : 91}" stroke="#111827" stroke-width="1.5"/>`,
		);
		if (i % 10 === 5) {
			ticks.push(
				`<rect x="${x - 3}" y="78" width="6" height="6" rx="1" fill="#dc2626"/>`,
			);
		}
	}
	const defs = [
		linear(id("shell"), RUBBER, [0, 0, 1, 1]),
		linear(
			id("case"),
			[
				[0, "#fef08a"],
				[0.5, "#facc15"],
				[1, "#ca8a04"],
			],
			[0, 0, 1, 1],
		),
		linear(id("tape"), [
			[0, "#fef9c3"],
			[1, "#fde047"],
		]),
		radial(
			id("hub"),
			[
				[0, "#4b5563"],
				[1, "#111827"],
			],
			0.4,
			0.4,
			0.6,
		),
		linear(id("chrome"), STEEL),
	];
	const body = `
<rect x="-82" y="-176" width="58" height="30" rx="10" fill="#dc2626" stroke="#7f1d1d" stroke-width="2"/>
<rect x="-235" y="-155" width="260" height="260" rx="64" fill="${url("shell")}"/>
<rect x="-219" y="-139" width="228" height="228" rx="50" fill="${url("case")}"/>
<path d="M -200 -80 Q -196 -126 -150 -128" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.5"/>
<circle cx="-105" cy="-25" r="72" fill="${url("hub")}"/>
<circle cx="-105" cy="-25" r="54" fill="${url("case")}" stroke="#a16207" stroke-width="2"/>
<circle cx="-105" cy="-25" r="15" fill="${url("chrome")}" stroke="#475569" stroke-width="2"/>
<path d="M -113 -25 L -97 -25 M -105 -33 L -105 -17" stroke="#475569" stroke-width="3"/>
<rect x="20" y="58" width="296" height="40" fill="${url("tape")}" stroke="#a16207" stroke-width="1"/>
${ticks.join("\n")}
<rect x="-6" y="48" width="40" height="60" rx="12" fill="${url("shell")}"/>
<rect x="298" y="55" width="26" height="46" rx="3" fill="${url("chrome")}" stroke="#64748b" stroke-width="1"/>
<circle cx="308" cy="67" r="3" fill="#475569"/>
<circle cx="308" cy="89" r="3" fill="#475569"/>
<rect x="320" y="46" width="11" height="64" rx="3" fill="${url("chrome")}" stroke="#64748b" stroke-width="1.5"/>`;
	return scene(
		"tape-measure",
		{ from: "#fce7f3", to: "#f9a8d4", glow: "#ffffff" },
		defs,
		"translate(400 300) rotate(-6) scale(1.08) translate(-48 33)",
		body,
	);
}

function drawSpiritLevel(): string {
	const { id, url } = refs("spirit-level");
	const stadium = (x: number): string =>
		`M ${x - 25} -24 H ${x + 25} A 24 24 0 0 1 ${x + 25} 24 H ${x - 25} A 24 24 0 0 1 ${x - 25} -24 Z`;
	const plumb = (x: number): string => `
<circle cx="${x}" cy="0" r="36" fill="#1f2937"/>
<circle cx="${x}" cy="0" r="27" fill="#e2e8f0"/>
<rect x="${x - 9}" y="-22" width="18" height="44" rx="9" fill="${url("liquid")}"/>
<ellipse cx="${x}" cy="-3" rx="5.5" ry="9" fill="#f7fee7" opacity="0.95"/>
<path d="M ${x - 13} -11 H ${x + 13} M ${x - 13} 11 H ${x + 13}" stroke="#111827" stroke-width="2.5"/>`;
	const defs = [
		linear(id("body"), [
			[0, "#f87171"],
			[0.18, "#ef4444"],
			[0.8, "#b91c1c"],
			[1, "#7f1d1d"],
		]),
		linear(id("top"), [
			[0, "#fecaca"],
			[1, "#f87171"],
		]),
		linear(id("cap"), RUBBER),
		linear(id("liquid"), [
			[0, "#ecfccb"],
			[0.5, "#a3e635"],
			[1, "#4d7c0f"],
		]),
	];
	const body = `
<path d="M -336 -55 L 336 -55 L 324 -72 L -324 -72 Z" fill="${url("top")}"/>
<path d="M -336 -55 H 336 V 55 H -336 Z ${stadium(-150)} ${stadium(150)}" fill-rule="evenodd" fill="${url("body")}" stroke="#7f1d1d" stroke-width="2"/>
<rect x="-330" y="-53" width="660" height="5" fill="#ffffff" opacity="0.35"/>
<rect x="-78" y="-36" width="156" height="72" rx="16" fill="#1f2937"/>
<rect x="-64" y="-22" width="128" height="44" rx="22" fill="${url("liquid")}"/>
<ellipse cx="0" cy="-6" rx="21" ry="10" fill="#f7fee7" opacity="0.95"/>
<path d="M -30 -22 V 22 M 30 -22 V 22" stroke="#111827" stroke-width="3"/>
<rect x="-54" y="-18" width="108" height="5" rx="2.5" fill="#ffffff" opacity="0.55"/>
${plumb(-252)}
${plumb(252)}
<path d="M -352 -76 H -330 Q -318 -76 -318 -64 V 50 Q -318 62 -330 62 H -340 Q -352 62 -352 50 Z" fill="${url("cap")}"/>
<path d="M 352 -76 H 330 Q 318 -76 318 -64 V 50 Q 318 62 330 62 H 340 Q 352 62 352 50 Z" fill="${url("cap")}"/>`;
	return scene(
		"spirit-level",
		{ from: "#fef9c3", to: "#fde047", glow: "#ffffff" },
		defs,
		"translate(400 304) scale(1.04)",
		body,
	);
}

function drawSocketSet(): string {
	const { id, url } = refs("socket-set");
	const radii = [22, 25, 28, 31, 34, 37, 40];
	const gap = 16;
	const total =
		radii.reduce((sum, r) => sum + 2 * r, 0) + gap * (radii.length - 1);
	let x = -total / 2;
	const sockets: string[] = [];
	const socket = (cx: number, cy: number, r: number): string => `
<circle cx="${num(cx)}" cy="${cy}" r="${r + 6}" fill="#030712"/>
<circle cx="${num(cx)}" cy="${cy}" r="${r}" fill="${url("socket")}" stroke="#475569" stroke-width="1.5"/>
<circle cx="${num(cx)}" cy="${cy}" r="${num(r * 0.74)}" fill="#64748b"/>
<path d="${hexagon(cx, cy, r * 0.62)}" fill="#0f172a"/>`;
	for (const r of radii) {
		sockets.push(socket(x + r, -92, r));
		x += 2 * r + gap;
	}
	const defs = [
		linear(
			id("case"),
			[
				[0, "#60a5fa"],
				[0.5, "#2563eb"],
				[1, "#1e3a8a"],
			],
			[0, 0, 1, 1],
		),
		linear(id("tray"), [
			[0, "#1f2937"],
			[1, "#0b1220"],
		]),
		radial(
			id("socket"),
			[
				[0, "#ffffff"],
				[0.55, "#cbd5e1"],
				[1, "#64748b"],
			],
			0.35,
			0.3,
			0.75,
		),
		linear(id("chrome"), STEEL),
		linear(id("grip"), RUBBER),
	];
	const body = `
<rect x="-312" y="-208" width="624" height="416" rx="32" fill="${url("case")}"/>
<rect x="-304" y="-200" width="608" height="400" rx="26" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.25"/>
<rect x="-284" y="-180" width="568" height="360" rx="18" fill="${url("tray")}"/>
${sockets.join("\n")}
<rect x="-252" y="22" width="470" height="56" rx="28" fill="#030712"/>
<circle cx="160" cy="50" r="56" fill="#030712"/>
<rect x="-230" y="37" width="330" height="26" rx="13" fill="${url("chrome")}"/>
<rect x="-242" y="30" width="166" height="40" rx="20" fill="${url("grip")}"/>
<rect x="-196" y="30" width="10" height="40" fill="#f59e0b"/>
<rect x="-130" y="30" width="10" height="40" fill="#f59e0b"/>
<rect x="80" y="31" width="80" height="38" rx="10" fill="${url("chrome")}"/>
<circle cx="160" cy="50" r="46" fill="${url("socket")}" stroke="#475569" stroke-width="1.5"/>
<circle cx="160" cy="50" r="30" fill="none" stroke="#64748b" stroke-width="3"/>
<rect x="148" y="38" width="24" height="24" rx="3" fill="#334155"/>
<rect x="166" y="6" width="26" height="12" rx="6" fill="#475569" transform="rotate(30 179 12)"/>
<rect x="-226" y="122" width="396" height="36" rx="18" fill="#030712"/>
<rect x="-200" y="132" width="320" height="16" rx="8" fill="${url("chrome")}"/>
<rect x="112" y="124" width="46" height="32" rx="7" fill="${url("chrome")}" stroke="#475569" stroke-width="1.5"/>
<rect x="-216" y="133" width="18" height="14" rx="2" fill="#475569"/>
${socket(244, 50, 22)}
${socket(244, 140, 18)}
<rect x="-222" y="198" width="64" height="20" rx="6" fill="#94a3b8" stroke="#475569" stroke-width="1.5"/>
<rect x="158" y="198" width="64" height="20" rx="6" fill="#94a3b8" stroke="#475569" stroke-width="1.5"/>`;
	return scene(
		"socket-set",
		{ from: "#f5f5f4", to: "#d6d3d1", glow: "#ffffff" },
		defs,
		"translate(400 292) scale(0.98)",
		body,
	);
}

function drawChisel(): string {
	const { id, url } = refs("chisel");
	const defs = [
		linear(id("wood"), [
			[0, "#f6d9a8"],
			[0.5, "#d9a15b"],
			[1, "#8a5a2b"],
		]),
		linear(id("steel"), STEEL),
		linear(id("dark"), DARK_STEEL),
		linear(
			id("bevel"),
			[
				[0, "#ffffff"],
				[1, "#cbd5e1"],
			],
			[0, 0, 1, 0],
		),
	];
	const body = `
<path d="M -300 -40 Q -332 -36 -332 0 Q -332 36 -300 40 Z" fill="${url("dark")}"/>
<path d="M -300 -40 C -250 -49 -150 -42 -80 -30 L -62 -34 L -62 34 L -80 30 C -150 42 -250 49 -300 40 Z" fill="${url("wood")}" stroke="#7c4a1e" stroke-width="1.5"/>
<path d="M -290 -22 C -230 -28 -160 -24 -96 -17" fill="none" stroke="#7c4a1e" stroke-width="2" opacity="0.35"/>
<path d="M -286 4 C -220 0 -170 6 -110 2" fill="none" stroke="#7c4a1e" stroke-width="2" opacity="0.3"/>
<path d="M -280 24 C -230 28 -160 24 -100 18" fill="none" stroke="#7c4a1e" stroke-width="2" opacity="0.3"/>
<path d="M -282 -36 C -220 -42 -150 -36 -90 -26" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.45"/>
<path d="M -64 -31 L -34 -25 L -22 -16 L -22 16 L -34 25 L -64 31 Z" fill="${url("dark")}"/>
<path d="M -24 -14 L 12 -20 L 12 20 L -24 14 Z" fill="${url("steel")}" stroke="#64748b" stroke-width="1.5"/>
<rect x="8" y="-34" width="286" height="68" rx="2" fill="${url("steel")}" stroke="#64748b" stroke-width="1.5"/>
<rect x="8" y="-34" width="286" height="9" fill="#94a3b8" opacity="0.6"/>
<rect x="8" y="25" width="286" height="9" fill="#64748b" opacity="0.6"/>
<rect x="250" y="-34" width="44" height="68" fill="${url("bevel")}" stroke="#64748b" stroke-width="1.5"/>`;
	return scene(
		"chisel",
		{ from: "#dcfce7", to: "#86efac", glow: "#ffffff" },
		defs,
		"translate(400 300) rotate(-30) scale(1.08) translate(19 0)",
		body,
	);
}

function drawBarClamp(): string {
	const { id, url } = refs("bar-clamp");
	const notches: string[] = [];
	for (let x = -320; x <= 200; x += 14) {
		notches.push(
			`<rect x="${x}" y="-96" width="6" height="4" fill="#64748b"/>`,
		);
	}
	const threads: string[] = [];
	for (let x = -60; x <= 118; x += 9) {
		threads.push(
			`<path d="M ${x} 79 L ${x + 6} 99" stroke="#64748b" stroke-width="2"/>`,
		);
	}
	const grips: string[] = [];
	for (let x = -300; x <= -236; x += 16) {
		grips.push(
			`<rect x="${x}" y="70" width="6" height="38" rx="3" fill="#374151"/>`,
		);
	}
	const jaw = (name: string, x: number, armX: number): string => `
<rect x="${x}" y="-138" width="96" height="62" rx="14" fill="${url(name)}"/>
<path d="M ${armX} -90 L ${armX + 52} -90 L ${armX + 46} 60 L ${armX + 6} 60 Z" fill="${url(name)}"/>
<rect x="${x}" y="50" width="96" height="76" rx="20" fill="${url(name)}"/>
<rect x="${x + 10}" y="-130" width="76" height="7" rx="3.5" fill="#ffffff" opacity="0.4"/>
<rect x="${x + 10}" y="58" width="76" height="6" rx="3" fill="#ffffff" opacity="0.3"/>`;
	const orange: readonly Stop[] = [
		[0, "#fdba74"],
		[0.5, "#f97316"],
		[1, "#c2410c"],
	];
	const defs = [
		linearUser(id("jaw"), orange, [-180, -140, -60, 130]),
		linearUser(id("fixed"), orange, [220, -140, 340, 130]),
		linear(id("steel"), STEEL),
		linear(id("grip"), RUBBER),
	];
	const body = `
<rect x="-340" y="-120" width="660" height="26" rx="4" fill="${url("steel")}" stroke="#64748b" stroke-width="1.5"/>
<rect x="-350" y="-124" width="16" height="34" rx="4" fill="#111827"/>
${notches.join("\n")}
<rect x="-210" y="78" width="346" height="22" rx="4" fill="${url("steel")}" stroke="#64748b" stroke-width="1.5"/>
${threads.join("\n")}
${jaw("jaw", -170, -146)}
<rect x="-320" y="65" width="112" height="48" rx="22" fill="${url("grip")}"/>
${grips.join("\n")}
<rect x="-214" y="73" width="16" height="32" rx="3" fill="${url("steel")}"/>
<rect x="130" y="73" width="16" height="32" rx="3" fill="${url("steel")}"/>
<rect x="144" y="56" width="18" height="66" rx="6" fill="${url("steel")}" stroke="#64748b" stroke-width="1.5"/>
<rect x="160" y="60" width="12" height="58" rx="5" fill="#111827"/>
${jaw("fixed", 222, 264)}
<rect x="204" y="58" width="22" height="60" rx="6" fill="#111827"/>`;
	return scene(
		"bar-clamp",
		{ from: "#0f3b4c", to: "#0e7490", glow: "#67e8f9", shadowOpacity: 0.5 },
		defs,
		"translate(400 300) rotate(-6) scale(1) translate(6 6)",
		body,
	);
}

const DRAWINGS: Record<ToolArtKind, () => string> = {
	hammer: drawHammer,
	wrench: drawWrench,
	screwdriver: drawScrewdriver,
	pliers: drawPliers,
	"cordless-drill": drawCordlessDrill,
	"circular-saw": drawCircularSaw,
	"hand-saw": drawHandSaw,
	"tape-measure": drawTapeMeasure,
	"spirit-level": drawSpiritLevel,
	"socket-set": drawSocketSet,
	chisel: drawChisel,
	"bar-clamp": drawBarClamp,
};

export function drawToolSvg(kind: ToolArtKind): string {
	return DRAWINGS[kind]();
}
