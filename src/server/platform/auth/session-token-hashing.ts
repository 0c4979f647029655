import { createHash } from "node:crypto";
import {
	BinaryOperationNode,
	ColumnNode,
	ColumnUpdateNode,
	InsertQueryNode,
	type KyselyPlugin,
	OperationNodeTransformer,
	type PluginTransformQueryArgs,
	type PluginTransformResultArgs,
	PrimitiveValueListNode,
	type QueryId,
	type QueryResult,
	ReferenceNode,
	type UnknownRow,
	ValueListNode,
	ValueNode,
	ValuesNode,
} from "kysely";

/**
 * The form a session token is stored in: its SHA-256. A copy of the database (a backup, a leaked
 * dump) then holds no token that signs anyone in; the browser and API clients keep the token itself.
 */
export function hashSessionToken(token: string): string {
	return createHash("sha256").update(token).digest("base64url");
}

/**
 * In our schema only the sessions table has a column of this name, and the plugin serves only the
 * auth library's queries, which read sessions through subqueries too: so the column, wherever it
 * appears, is the session token.
 */
const TOKEN_COLUMN = "token";

function isTokenColumn(node: unknown): boolean {
	if (ColumnNode.is(node as ColumnNode))
		return (node as ColumnNode).column.name === TOKEN_COLUMN;
	if (ReferenceNode.is(node as ReferenceNode)) {
		const { column } = node as ReferenceNode;
		return ColumnNode.is(column) && column.column.name === TOKEN_COLUMN;
	}
	return false;
}

/** Replaces every token value a sessions query carries by its hash, remembering which was which. */
class TokenHasher extends OperationNodeTransformer {
	constructor(private readonly plainByHash: Map<string, string>) {
		super();
	}

	private hash(value: unknown): unknown {
		if (typeof value !== "string") return value;
		const hashed = hashSessionToken(value);
		this.plainByHash.set(hashed, value);
		return hashed;
	}

	private hashValueNode(node: unknown): unknown {
		if (ValueNode.is(node as ValueNode))
			return ValueNode.create(this.hash((node as ValueNode).value));
		if (PrimitiveValueListNode.is(node as PrimitiveValueListNode))
			return PrimitiveValueListNode.create(
				(node as PrimitiveValueListNode).values.map((value) =>
					this.hash(value),
				),
			);
		if (ValueListNode.is(node as ValueListNode))
			return ValueListNode.create(
				(node as ValueListNode).values.map(
					(value) => this.hashValueNode(value) as ValueNode,
				),
			);
		return node;
	}

	protected override transformBinaryOperation(
		node: BinaryOperationNode,
	): BinaryOperationNode {
		const transformed = super.transformBinaryOperation(node);
		if (!isTokenColumn(transformed.leftOperand)) return transformed;
		return BinaryOperationNode.create(
			transformed.leftOperand,
			transformed.operator,
			this.hashValueNode(transformed.rightOperand) as ValueNode,
		);
	}

	protected override transformColumnUpdate(
		node: ColumnUpdateNode,
	): ColumnUpdateNode {
		const transformed = super.transformColumnUpdate(node);
		if (!isTokenColumn(transformed.column)) return transformed;
		return ColumnUpdateNode.create(
			transformed.column,
			this.hashValueNode(transformed.value) as ValueNode,
		);
	}

	protected override transformInsertQuery(
		node: InsertQueryNode,
	): InsertQueryNode {
		const transformed = super.transformInsertQuery(node);
		const at = (transformed.columns ?? []).findIndex(isTokenColumn);
		if (at < 0 || !transformed.values || !ValuesNode.is(transformed.values))
			return transformed;
		const rows = transformed.values.values.map((row) => {
			if (PrimitiveValueListNode.is(row))
				return PrimitiveValueListNode.create(
					row.values.map((value, i) => (i === at ? this.hash(value) : value)),
				);
			return ValueListNode.create(
				row.values.map((value, i) =>
					i === at ? (this.hashValueNode(value) as ValueNode) : value,
				),
			);
		});
		return InsertQueryNode.cloneWith(transformed, {
			values: ValuesNode.create(rows),
		});
	}
}

/**
 * Stores session tokens hashed, for the auth library's queries: each token it writes or looks up is
 * replaced by its hash on the way in, and rows coming back carry the token it asked for, so the
 * library works with tokens as before. A row it did not ask for by token (a list of a user's
 * sessions) comes back with the hash, which opens nothing.
 */
export function createSessionTokenHashing(): KyselyPlugin {
	const plainByQuery = new WeakMap<QueryId, Map<string, string>>();
	return {
		transformQuery({ node, queryId }: PluginTransformQueryArgs) {
			const plainByHash = new Map<string, string>();
			const transformed = new TokenHasher(plainByHash).transformNode(node);
			if (plainByHash.size > 0) plainByQuery.set(queryId, plainByHash);
			return transformed;
		},
		async transformResult({
			result,
			queryId,
		}: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
			const plainByHash = plainByQuery.get(queryId);
			if (!plainByHash || plainByHash.size === 0) return result;
			return {
				...result,
				rows: result.rows.map((row) => {
					const stored = row[TOKEN_COLUMN];
					const plain =
						typeof stored === "string" ? plainByHash.get(stored) : undefined;
					return plain === undefined ? row : { ...row, [TOKEN_COLUMN]: plain };
				}),
			};
		},
	};
}
