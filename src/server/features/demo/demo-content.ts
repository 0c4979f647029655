import type { ToolArtKind } from "./tool-art.ts";

/**
 * Demo content seeded on the first start of a fresh shop.
 *
 * Long texts (blog bodies) use the shared body format: plain-text
 * paragraphs separated by a blank line; a paragraph starting with "## " is a
 * subheading.
 */

export type DemoTool = {
	tool_name: string;
	description: string;
	price_cents: number;
	available_quantity: number;
	minimum_quantity: number;
	/** Orders in multiples of this many pieces; 1 when left out. */
	pack_size?: number;
	/** Lower prices from larger quantities; none when left out. */
	price_breaks?: { min_quantity: number; price_cents: number }[];
	supplier_name: string;
	art: ToolArtKind;
};

export type DemoReview = {
	user_name: string;
	user_review: string;
	user_rating: 1 | 2 | 3 | 4 | 5;
};

export type DemoBlogPost = {
	slug: string;
	title: string;
	excerpt: string;
	author: string;
	published_at: string;
	body: string;
};

/** Joins paragraphs with the blank line the body format expects. */
function paragraphs(...parts: string[]): string {
	return parts.join("\n\n");
}

export const demoTools: DemoTool[] = [
	{
		tool_name: "Forged Claw Hammer 16 oz",
		description:
			"Drop-forged steel head with a milled striking face and curved claw, " +
			"set on a fiberglass handle with a shock-absorbing rubber grip.",
		price_cents: 2499,
		available_quantity: 240,
		minimum_quantity: 10,
		price_breaks: [
			{ min_quantity: 50, price_cents: 2250 },
			{ min_quantity: 200, price_cents: 1990 },
		],
		supplier_name: "Northgate Forge Works",
		art: "hammer",
	},
	{
		tool_name: "Combination Wrench Set, 12 Piece Metric",
		description:
			"Chrome vanadium wrenches from 8 to 19 mm with 12-point box ends offset at 15 degrees " +
			"and a satin finish that stays grippy with oily hands.",
		price_cents: 5899,
		available_quantity: 85,
		minimum_quantity: 5,
		supplier_name: "Ashby & Wren Toolmakers",
		art: "wrench",
	},
	{
		tool_name: "Precision Screwdriver Set, 8 Piece",
		description:
			"S2 steel tips in slotted, Phillips and six-lobe star sizes with magnetized ends and " +
			"two-material handles, made for cabinet fitting and electrical work.",
		price_cents: 2199,
		available_quantity: 310,
		minimum_quantity: 20,
		price_breaks: [
			{ min_quantity: 60, price_cents: 1999 },
			{ min_quantity: 150, price_cents: 1799 },
		],
		supplier_name: "Ashby & Wren Toolmakers",
		art: "screwdriver",
	},
	{
		tool_name: "Heavy-Duty Lineman's Pliers 9 in",
		description:
			"Induction-hardened cutting edges for copper and soft steel wire, a knurled gripping jaw " +
			"and cushioned handles for a full day of electrical work.",
		price_cents: 3299,
		available_quantity: 150,
		minimum_quantity: 10,
		supplier_name: "Northgate Forge Works",
		art: "pliers",
	},
	{
		tool_name: "18 V Brushless Drill Driver Kit",
		description:
			"Brushless motor with 60 Nm of torque, a 13 mm metal chuck and two-speed gearbox, " +
			"supplied with two 2.0 Ah batteries, a charger and a hard case.",
		price_cents: 18999,
		available_quantity: 40,
		minimum_quantity: 4,
		supplier_name: "Veltrane Power Tools",
		art: "cordless-drill",
	},
	{
		tool_name: "185 mm Circular Saw 1400 W",
		description:
			"Corded saw with a 24-tooth carbide blade, 65 mm cutting depth, bevel cuts up to 50 degrees " +
			"and a cast aluminum base plate for straight rips.",
		price_cents: 12999,
		available_quantity: 3,
		minimum_quantity: 5,
		supplier_name: "Veltrane Power Tools",
		art: "circular-saw",
	},
	{
		tool_name: "Fine-Cut Panel Saw 500 mm",
		description:
			"Hardened 11 TPI teeth with a triple-ground bevel for fast, clean cross cuts in softwood, " +
			"hardwood and sheet goods; comfortable beech handle.",
		price_cents: 2799,
		available_quantity: 120,
		minimum_quantity: 10,
		supplier_name: "Kestrel Hollow Tools",
		art: "hand-saw",
	},
	{
		tool_name: "Tape Measure 8 m / 26 ft",
		description:
			"Nylon-coated 25 mm blade with metric and imperial markings, 3 m standout, a true-zero end hook " +
			"and a rubber-armored case that shrugs off drops.",
		price_cents: 1499,
		available_quantity: 500,
		minimum_quantity: 50,
		pack_size: 10,
		price_breaks: [
			{ min_quantity: 100, price_cents: 1349 },
			{ min_quantity: 250, price_cents: 1199 },
		],
		supplier_name: "Copperline Measuring Co.",
		art: "tape-measure",
	},
	{
		tool_name: "Aluminum Box Spirit Level 600 mm",
		description:
			"Rigid extruded box profile with three shock-mounted vials accurate to 0.5 mm/m, " +
			"a milled measuring face and rubber end caps.",
		price_cents: 3999,
		available_quantity: 75,
		minimum_quantity: 5,
		supplier_name: "Copperline Measuring Co.",
		art: "spirit-level",
	},
	{
		tool_name: "Socket Set 1/2 in Drive, 24 Piece",
		description:
			"Six-point chrome vanadium sockets from 10 to 32 mm, a 72-tooth quick-release ratchet, " +
			"two extensions and a universal joint in a molded case.",
		price_cents: 8999,
		available_quantity: 60,
		minimum_quantity: 5,
		supplier_name: "Stonebridge Workshop Supply",
		art: "socket-set",
	},
	{
		tool_name: "Bevel-Edge Chisel Set, 4 Piece",
		description:
			"Hardened chrome vanadium blades in 6, 12, 18 and 25 mm widths, ground at 25 degrees, " +
			"with impact-resistant handles for mallet work.",
		price_cents: 4499,
		available_quantity: 90,
		minimum_quantity: 6,
		supplier_name: "Kestrel Hollow Tools",
		art: "chisel",
	},
	{
		tool_name: "Quick-Release Bar Clamp 600 mm",
		description:
			"One-handed ratchet clamp with 150 kg of clamping force, a steel bar and reversible jaws " +
			"that turn it into a spreader for assembly work.",
		price_cents: 1899,
		available_quantity: 220,
		minimum_quantity: 20,
		supplier_name: "Stonebridge Workshop Supply",
		art: "bar-clamp",
	},
];

/** The first three are shown on the home page. */
export const demoReviews: DemoReview[] = [
	{
		user_name: "Amara Okafor",
		user_review:
			"We ordered forty claw hammers and twenty bar clamps for our joinery apprentices, and every piece " +
			"arrived boxed, labeled and on the promised day. The hammers are well balanced and the faces came properly milled.",
		user_rating: 5,
	},
	{
		user_name: "Lukas Brenner",
		user_review:
			"The 18 V brushless drill kits have been with our framing crews for three months without a single failure. " +
			"Both batteries still last a full morning of driving deck screws.",
		user_rating: 5,
	},
	{
		user_name: "Priya Raman",
		user_review:
			"I run a small hardware store, and the minimum order quantities fit my shelf space perfectly. " +
			"When a tape measure arrived with a cracked case, support shipped a replacement the next day without any paperwork.",
		user_rating: 5,
	},
	{
		user_name: "Mateo Álvarez",
		user_review:
			"The chisel set holds an edge far better than I expected at this price. " +
			"I took off one star because the backs needed proper flattening before fine paring work.",
		user_rating: 4,
	},
	{
		user_name: "Hana Kobayashi",
		user_review:
			"The product pages are clear and the stock numbers are accurate, which matters when you are planning a site job. " +
			"The spirit levels read true when we checked them against our calibrated reference.",
		user_rating: 4,
	},
	{
		user_name: "Connor Walsh",
		user_review:
			"The socket set itself is solid and the ratchet feels smooth. " +
			"Delivery took six working days instead of the three quoted, so we had to borrow sockets for our first job.",
		user_rating: 3,
	},
	{
		user_name: "Fatima Haddad",
		user_review:
			"Our maintenance team switched to the combination wrench sets last year. " +
			"The box ends grip worn bolt heads without slipping, and reordering takes about a minute.",
		user_rating: 5,
	},
	{
		user_name: "Oskar Lindqvist",
		user_review:
			"Good panel saws that cut straight out of the box. I would love a finer-toothed option for cabinet work, " +
			"but for site carpentry they are excellent value.",
		user_rating: 4,
	},
];

export const demoBlogPosts: DemoBlogPost[] = [
	{
		slug: "how-to-choose-a-cordless-drill",
		title: "How to Choose a Cordless Drill for Your Workshop",
		excerpt:
			"Voltage, brushless motors, chucks and batteries explained, so you can pick a cordless drill that suits the work your crew actually does.",
		author: "Elena Marsh",
		published_at: "2026-06-18T09:00:00.000Z",
		body: paragraphs(
			"A cordless drill is usually the first power tool a workshop buys and the one it uses most. " +
				"Spec sheets are full of numbers, though, and not all of them matter equally. " +
				"Here is how we advise customers who are equipping a team.",
			"## Voltage sets the weight class",
			"Most professional drills run on 12 V or 18 V battery platforms; in some markets 18 V tools are sold as 20 V max, " +
				"which describes the same cells. A 12 V drill is compact and light, ideal for cabinet installers, electricians " +
				"and anyone working overhead or inside furniture. An 18 V drill has the extra power for boring large holes in " +
				"framing timber, mixing small batches of mortar or driving long structural screws. If one drill has to do everything, " +
				"18 V is the safer choice.",
			"## Brushless or brushed",
			"Brushed motors use carbon brushes that wear down and create friction. Brushless motors switch electronically, " +
				"so they run cooler, get noticeably more work out of each charge and never need new brushes. They cost more up front, " +
				"but on a tool that runs every day the longer runtime and service life usually repay the difference within a year. " +
				"For occasional use, a good brushed drill is still perfectly serviceable.",
			"## Torque, speed and the chuck",
			"Torque, quoted in newton metres, tells you how hard the drill can twist. Around 40 Nm is enough for general assembly, " +
				"while 60 Nm and above handles large spade bits and long screws. Look for a two-speed gearbox: low speed for driving, " +
				"high speed for drilling. A 13 mm all-metal chuck holds bits more securely than a 10 mm plastic one and accepts larger shanks. " +
				"An adjustable clutch lets you set the torque so screws seat cleanly without stripping or sinking too deep.",
			"## Batteries are the real investment",
			"Amp-hours (Ah) describe battery capacity. A 2.0 Ah pack keeps the drill light; 4.0 Ah and above gives longer runtime " +
				"at the cost of extra weight. Kits with two batteries let one charge while the other works. Most importantly, choose one " +
				"battery platform and stay with it. The same packs will then run your circular saw, impact driver and work lights, " +
				"and later you can buy bare tools without paying for more batteries and chargers.",
			"## Drill driver, combi drill or impact driver",
			"A drill driver drills holes and drives screws. A combi drill adds a hammer mode for masonry, which is useful for fixing " +
				"brackets to brick or block. An impact driver delivers short rotational blows and is far better at driving long screws " +
				"and bolts, but it only takes hex-shank bits and is not meant for precise drilling. Many crews carry a drill driver " +
				"and an impact driver as a pair.",
			"## Our recommendation",
			"For a mixed workshop, start with an 18 V brushless drill driver, two batteries and a fast charger, all on one platform. " +
				"Add compact 12 V tools later for jobs where size matters more than power, and make sure spare batteries are easy " +
				"to reorder in the quantities your team needs.",
		),
	},
	{
		slug: "caring-for-hand-tools",
		title: "Caring for Hand Tools: Rust, Sharpening and Storage",
		excerpt:
			"A few minutes of care each week keeps chisels sharp, saws cutting straight and wrenches free of rust through years of daily use.",
		author: "David Okoye",
		published_at: "2026-08-05T08:30:00.000Z",
		body: paragraphs(
			"Good hand tools can outlast the people who buy them, but only if they are looked after. Rust, dull edges and careless " +
				"storage ruin more tools than hard work ever does. The routine below takes minutes a week and works for a single bench " +
				"or a whole workshop.",
			"## Keep rust away",
			"Rust needs moisture and bare steel. Wipe tools down at the end of the day, especially after working outdoors or with " +
				"wet timber, and never put them away damp. A light coat of camellia oil, paste wax or a dedicated rust inhibitor on " +
				"bare surfaces such as plane soles, saw plates and chisel backs forms a barrier against humidity. In unheated workshops, " +
				"keep tools away from outside walls and concrete floors, where condensation forms first.",
			"If surface rust appears, deal with it early. Fine abrasive paper or a nylon abrasive pad with a little oil lifts light rust " +
				"without changing the shape of the tool. Heavier rust can be treated with a rust-remover soak, followed by a thorough rinse, " +
				"drying and oiling. Avoid aggressive wire wheels on precision faces; they round over edges and leave scratches that hold moisture.",
			"## Sharpen little and often",
			"A sharp chisel is safer than a blunt one because it needs less force and is less likely to slip. Flatten the back of a new " +
				"chisel or plane iron once, then maintain the bevel with regular honing. Most bench chisels work well with a 25 degree " +
				"primary bevel and a slightly steeper micro bevel of around 30 degrees. A honing guide makes the angle repeatable, " +
				"which helps anyone still learning.",
			"Work through progressively finer stones, for example 1000 grit to set the edge and 6000 grit to polish it, then remove " +
				"the burr on a leather strop. Touching up the micro bevel for a minute whenever the edge starts to drag is far quicker " +
				"than regrinding a chipped edge. Saws with induction-hardened teeth usually cannot be resharpened with a file, " +
				"so protect their teeth with a blade guard instead.",
			"## Store tools so edges stay safe",
			"Edges dull fastest when they knock against other steel. Use blade guards or a tool roll for chisels, hang saws by the handle, " +
				"and rest planes on their side or on a strip of wood so the iron does not touch the bench. Wall panels and shadow boards " +
				"make it obvious when something is missing and discourage piling tools in a drawer.",
			"Silica gel packs or a small dehumidifier help in enclosed cabinets. Give measuring tools such as levels and squares " +
				"their own place, because a single drop can knock them out of true.",
			"## Check handles and moving parts",
			"Inspect wooden handles for cracks and loose heads, particularly on hammers and mallets, and replace them before they fail. " +
				"A drop of light oil on the pivot of pliers and on the screw threads of clamps keeps them moving smoothly. " +
				"A tool that is easy to use is a tool that gets used properly.",
		),
	},
	{
		slug: "measuring-and-marking-accurately",
		title: "Measure Twice: Accurate Measuring and Marking",
		excerpt:
			"How to get consistent results from tape measures, marking knives, squares and levels, so fitting errors are caught before the first cut.",
		author: "Rosa Lindgren",
		published_at: "2026-09-22T10:00:00.000Z",
		body: paragraphs(
			"Most gaps, wobbles and out-of-square frames start before the first cut. Accurate measuring and marking is not about " +
				"expensive instruments; it is about using ordinary tools consistently. These habits will tighten up the work of any crew.",
			"## Understand your tape measure",
			"The hook on the end of a tape measure is meant to slide. It moves by exactly its own thickness, so readings are correct " +
				"whether you hook it over an edge or push it against a surface. A bent or sticky hook is a common source of millimetre " +
				"errors, so check it against a steel rule now and then and replace damaged tapes. On a team, agree on one model of tape: " +
				"two different tapes can disagree by a millimetre or more over a few metres.",
			"For critical work, take the hook out of the equation. Measure from the 100 mm mark instead of the end, then subtract 100 " +
				"from the reading. Carpenters call this burning a length, and it is the easiest way to get a dependable measurement " +
				"from a tape that has seen hard use.",
			"## Mark with a knife, not a thick pencil",
			"A carpenter's pencil line can be a millimetre wide, which leaves you guessing which side to cut. Use a sharp, hard pencil, " +
				"or for joinery a marking knife. A knife line is fine and gives a chisel or saw a precise edge to register against. " +
				"Mark the waste side of every line with a small cross so the saw kerf falls where it should.",
			"## Measure from one reference",
			"Choose a reference edge and face on each workpiece and take every measurement from them. Measuring a run of parts one " +
				"after another from the previous mark adds up small errors; measuring each from the same origin does not. Where several " +
				"parts must match, skip the numbers altogether: set them side by side and transfer the mark directly, or clamp a stop " +
				"block to the saw fence.",
			"## Check your squares and levels",
			"To check a square, hold it against a straight edge and draw a line, then flip the square over and draw a second line " +
				"from the same point. If the two lines do not coincide, the square is out by half the gap between them. A spirit level " +
				"is checked in a similar way: place it on a flat surface, note the bubble, turn it end for end in the same spot and read " +
				"it again. If the readings differ, the level needs adjusting or replacing.",
			"## Read it twice, then cut",
			"The old rule still holds. Read the measurement, mark it, then read it again before cutting. Label parts as you cut them, " +
				"keep a written cut list on site and tick off each piece. A minute spent checking is far cheaper than a wasted board " +
				"or a cabinet that will not fit its opening.",
		),
	},
	{
		slug: "ordering-tools-in-bulk-for-a-workshop",
		title: "Ordering Tools in Bulk for a Busy Workshop",
		excerpt:
			"Minimum order quantities, reorder points and a simple stock list help you plan bulk orders that keep crews working without tying up cash.",
		author: "Tomás Ferreira",
		published_at: "2026-11-03T09:00:00.000Z",
		body: paragraphs(
			"Running out of drill bits on a Monday morning can idle a whole crew, while ordering too much ties up cash and shelf space. " +
				"Buying in bulk works best when it is planned, and the planning is simpler than it looks.",
			"## Why minimum order quantities exist",
			"Wholesale prices depend on volume. Tools leave the factory packed in cartons of fixed sizes, and every order carries " +
				"handling and shipping costs whatever its size. A minimum order quantity keeps those costs per unit low, which is why " +
				"the price per piece is lower than in a retail store. Every product in this shop states its minimum order quantity. " +
				"Plan around it rather than against it: if a tape measure has a minimum of 50, that may be a year " +
				"or more of supply for a small team, so consider sharing an order with a partner business.",
			"## Separate consumables from durables",
			"Consumables such as drill bits, saw blades, sanding discs and screwdriver bits wear out on a predictable schedule and " +
				"should be reordered regularly. Durable tools such as hammers, levels, clamps and cordless drills are bought less often, " +
				"usually when the team grows or a tool is lost or damaged. Keep spares of both, but plan consumables by usage rate " +
				"and durables by headcount.",
			"## Set reorder points",
			"For each consumable, estimate how many you use in a typical week and how many weeks delivery takes. Multiply the two, " +
				"add a safety margin for busy periods, and you have a reorder point: when stock falls to that number, place the next order. " +
				"For example, if a crew uses 20 saw blades a week, delivery takes one week and you keep one week of safety stock, " +
				"reorder when 40 blades remain.",
			"## Standardize where you can",
			"Choosing one battery platform, one socket drive size and one model of tape measure makes spares interchangeable and " +
				"orders simpler. It also means fewer items to track and larger quantities of each, which makes minimum orders easier " +
				"to meet without overstocking.",
			"## Keep a simple stock list",
			"A shared spreadsheet with the item, its location, quantity on hand, reorder point and supplier is enough for most workshops. " +
				"Count consumables on a fixed day each week, and mark tools that are out for repair so they are not counted twice. " +
				"Review the list every quarter and drop items nobody uses.",
			"## Watch availability and lead times",
			"Check stock levels before a large job starts. If a product shows fewer units available than its minimum order, it cannot " +
				"be ordered until it is restocked, so choose an alternative early or contact us for an expected date. Seasonal peaks " +
				"such as the spring renovation rush stretch delivery times for everyone, and ordering a few weeks ahead avoids the queue.",
		),
	},
];

export type DemoReceivingPoint = {
	name: string;
	address: string;
	opening_hours: string;
};

const POINT_CITIES = [
	["Austin", "TX", "787"],
	["Boise", "ID", "837"],
	["Charlotte", "NC", "282"],
	["Denver", "CO", "802"],
	["Detroit", "MI", "482"],
	["El Paso", "TX", "799"],
	["Fresno", "CA", "937"],
	["Houston", "TX", "770"],
	["Indianapolis", "IN", "462"],
	["Jacksonville", "FL", "322"],
	["Kansas City", "MO", "641"],
	["Las Vegas", "NV", "891"],
	["Louisville", "KY", "402"],
	["Memphis", "TN", "381"],
	["Milwaukee", "WI", "532"],
	["Minneapolis", "MN", "554"],
	["Nashville", "TN", "372"],
	["Oklahoma City", "OK", "731"],
	["Omaha", "NE", "681"],
	["Phoenix", "AZ", "850"],
	["Pittsburgh", "PA", "152"],
	["Portland", "OR", "972"],
	["Raleigh", "NC", "276"],
	["Sacramento", "CA", "958"],
	["Salt Lake City", "UT", "841"],
	["Tulsa", "OK", "741"],
] as const;

const POINT_SITES = [
	["Trade Counter", "Industrial Parkway", "Mon–Fri 7:00–18:00, Sat 8:00–12:00"],
	["Depot North", "Foundry Road", "Mon–Fri 8:00–17:00"],
	["Depot South", "Mill Street", "Mon–Sat 8:00–18:00"],
	["Builders' Yard", "Commerce Drive", "Mon–Fri 6:30–16:30"],
] as const;

/** 104 receiving points: four sites in each of 26 cities, where customers collect their orders. */
export const demoReceivingPoints: DemoReceivingPoint[] = POINT_CITIES.flatMap(
	([city, state, zip], cityIndex) =>
		POINT_SITES.map(([site, street, hours], siteIndex) => ({
			name: `${city} ${site}`,
			address: `${100 + cityIndex * 7 + siteIndex * 31} ${street}, ${city}, ${state} ${zip}${String(10 + siteIndex * 7).padStart(2, "0")}`,
			opening_hours: hours,
		})),
);
