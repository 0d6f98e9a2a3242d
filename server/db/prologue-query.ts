import pg from 'pg';

/** What of pg's connection a query writes to (pg's own Query uses the same calls). */
interface ProtocolConnection {
  parse(message: { text: string; name?: string }): void;
  bind(message: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(message: { portal?: string; rows?: number }): void;
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
}

/** The parts of pg's Query class this one extends (pg's types leave them out). */
interface QueryInternals {
  text: string;
  portal?: string;
  submit(connection: ProtocolConnection): Error | null;
  prepare(connection: ProtocolConnection): void;
  _getRows(connection: ProtocolConnection & { sync(): void }, rows: number | undefined): void;
  hasBeenParsed(connection: ProtocolConnection): boolean;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: ProtocolConnection): void;
  handleError(error: Error, connection: ProtocolConnection): void;
}
type QueryConstructor = new (config: object, values?: unknown, callback?: unknown) => QueryInternals;

/**
 * A parameterised statement that carries its transaction's prologue (BEGIN, the organisation and
 * role settings: server/db/tenant.ts) in the same round trip, as one extended-protocol batch: each
 * prologue command is parsed, bound and executed, then the statement, then one Sync. It may also
 * carry an epilogue after the statement (the transaction's COMMIT, when the statement is its last:
 * `commitWithFinalStatement`), executed in the same batch before the Sync.
 *
 * Why it is safe: PostgreSQL answers an error in a batch by skipping every message up to the Sync,
 * so when the BEGIN or a setting fails the statement is never executed (it would otherwise run as
 * the owner, outside row-level security), and the query fails with the prologue's error.
 *
 * The prologue's answers (their rows and completions) are not the statement's: they are passed
 * over, and the statement's result is what the caller gets, as from any other query. While they
 * arrive the query answers to no statement name, so pg records the statement as parsed only when
 * its own Parse succeeded (a failed prologue must not leave pg believing a name exists that the
 * server never parsed). The epilogue's answers come after the statement's and are passed over too;
 * when the statement fails, PostgreSQL skips the epilogue with it (the COMMIT never runs, and the
 * caller's ROLLBACK ends the failed transaction), and when the epilogue itself fails the query fails
 * with its error.
 */
export class PrologueQuery extends (pg.Query as unknown as QueryConstructor) {
  /** Prologue commands whose completion has not arrived yet. */
  private pendingPrologue: number;
  private statementName: string | undefined;
  private writing = false;
  /** The statement's own completion has arrived: what completes next is the epilogue. */
  private statementCompleted = false;

  constructor(
    readonly prologue: readonly string[],
    config: { text: string; name?: string },
    values: unknown[],
    readonly epilogue: readonly string[] = [],
  ) {
    super(config, values);
    // Set again here: a class field is defined after the base constructor ran the setter.
    this.statementName = config.name;
    this.pendingPrologue = prologue.length;
  }

  /**
   * Whether the server has answered that it completed a command of this batch: its prologue's come
   * first, so until then it has run nothing of the batch (or said nothing of it).
   */
  get completedAny(): boolean {
    return this.pendingPrologue < this.prologue.length || this.statementCompleted;
  }

  /** pg reads the name when it writes the query and when the server answers a Parse. */
  get name(): string | undefined {
    return this.writing || this.pendingPrologue === 0 ? this.statementName : undefined;
  }

  set name(value: string | undefined) {
    this.statementName = value;
  }

  override submit(connection: ProtocolConnection): Error | null {
    this.writing = true;
    try {
      return super.submit(connection);
    } finally {
      this.writing = false;
    }
  }

  override prepare(connection: ProtocolConnection): void {
    for (const command of this.prologue) {
      connection.parse({ text: command });
      connection.bind({});
      connection.execute({});
    }
    super.prepare(connection);
  }

  /** pg's step that executes the statement and ends the batch: the epilogue goes between the two. */
  override _getRows(connection: ProtocolConnection & { sync(): void }, rows: number | undefined): void {
    if (this.epilogue.length === 0 || rows) {
      super._getRows(connection, rows);
      return;
    }
    connection.execute({ portal: this.portal ?? '' });
    for (const command of this.epilogue) {
      connection.parse({ text: command });
      connection.bind({});
      connection.execute({});
    }
    connection.sync();
  }

  override handleRowDescription(message: unknown): void {
    if (this.pendingPrologue === 0) super.handleRowDescription(message);
  }

  override handleDataRow(message: unknown): void {
    if (this.pendingPrologue === 0) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: ProtocolConnection): void {
    if (this.pendingPrologue > 0) {
      this.pendingPrologue -= 1;
      return;
    }
    if (this.statementCompleted) return;
    this.statementCompleted = true;
    super.handleCommandComplete(message, connection);
  }

  override handleError(error: Error, connection: ProtocolConnection): void {
    // The prologue failed: the statement's Parse, if it was sent, was skipped with it.
    if (this.pendingPrologue > 0 && this.statementName !== undefined) {
      const name = this.statementName;
      if (connection.submittedNamedStatements[name] !== undefined) delete connection.submittedNamedStatements[name];
    }
    super.handleError(error, connection);
  }
}
