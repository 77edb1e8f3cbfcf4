import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { Database } from '../client.js'
import { migrationsFolder } from '../../package-paths.js'
import type { Executor } from '../unit-of-work.js'

/**
 * A plain-SQL dump of the whole database that psql can read as well as `npm run restore`
 * (decision 121): the schema as the migrations made it, drizzle's record of them, then
 * every table's rows as INSERTs in foreign-key order and the sequences' positions. One
 * REPEATABLE READ, READ ONLY transaction makes it a consistent snapshot while the shop runs.
 */
export type SqlDump = {
  script: string
  tables: Record<string, number>
  migrations: number
  /** Tables whose rows a backup never holds (their schema is there, empty). */
  leftOut: string[]
}

/**
 * Secrets a backup leaves out (decision 233): the built-in identity provider's signing and
 * cookie keys, and its sessions, grants, codes and refresh tokens. With them a stolen backup
 * signed an administrator's token; without them a restored shop makes new keys on its first
 * start and everyone signs in again. Password hashes (scrypt) stay: accounts must survive.
 */
export const SECRET_TABLES = ['identity_secrets', 'oidc_payloads'] as const

const ROWS_PER_INSERT = 200

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export async function dumpDatabase(db: Database): Promise<SqlDump> {
  const migrations = readMigrationFiles({ migrationsFolder })
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`)
    const applied = rowsOf<{ hash: string; created_at: string }>(
      await tx.execute(sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`),
    )
    if (applied.length !== migrations.length) {
      throw new Error(
        `The database has ${applied.length} of this version's ${migrations.length} migrations: start the shop once with this version, then take the backup.`,
      )
    }
    const lines: string[] = [
      '-- Tavlin backup: a plain SQL script (psql -v ON_ERROR_STOP=1 -d EMPTY_DATABASE -f database.sql).',
      `-- Taken ${new Date().toISOString()}; restore it with \`npm run restore\` or psql into an empty database.`,
      'SET client_encoding = UTF8;',
      'SET standard_conforming_strings = on;',
      'SET check_function_bodies = false;',
      'SET client_min_messages = warning;',
      'BEGIN;',
      '',
      '-- Schema: the migrations, in order',
    ]
    for (const migration of migrations) {
      for (const statement of migration.sql) {
        const text = statement.trim()
        if (text) lines.push(text.endsWith(';') ? text : `${text};`)
      }
    }
    lines.push(
      '',
      '-- What drizzle records of the migrations, so the next start applies only newer ones',
      'CREATE SCHEMA IF NOT EXISTS "drizzle";',
      'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);',
      ...applied.map(
        (row) =>
          `INSERT INTO "drizzle"."__drizzle_migrations" (hash, created_at) VALUES ('${row.hash}', ${Number(row.created_at)});`,
      ),
    )

    const tables = await tablesInDependencyOrder(tx)
    // Rows the migrations themselves insert (catalog_state) are replaced by the snapshot's.
    lines.push('', '-- Data', `TRUNCATE ${tables.map(ident).join(', ')};`)
    const counts: Record<string, number> = {}
    const leftOut = tables.filter((table) => (SECRET_TABLES as readonly string[]).includes(table))
    for (const table of tables) {
      if (leftOut.includes(table)) continue
      const columns = rowsOf<{ name: string; identity: string }>(
        await tx.execute(sql`
          select attname as name, attidentity as identity from pg_attribute
          where attrelid = ${`public.${ident(table)}`}::regclass and attnum > 0
            and not attisdropped and attgenerated = ''
          order by attnum`),
      )
      const list = columns.map((column) => ident(column.name)).join(', ')
      // quote_nullable turns each value into a literal through its type's own output function.
      const values = columns.map((column) => `quote_nullable(${ident(column.name)})`).join(", ', ', ")
      const rows = rowsOf<{ v: string }>(
        await tx.execute(sql.raw(`select concat('(', ${values}, ')') as v from public.${ident(table)}`)),
      )
      counts[table] = rows.length
      const overriding = columns.some((column) => column.identity === 'a') ? ' OVERRIDING SYSTEM VALUE' : ''
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const chunk = rows.slice(start, start + ROWS_PER_INSERT).map((row) => row.v)
        lines.push(`INSERT INTO ${ident(table)} (${list})${overriding} VALUES\n${chunk.join(',\n')};`)
      }
    }

    const sequences = rowsOf<{ schema: string; name: string; value: string | null }>(
      await tx.execute(sql`
        select schemaname as schema, sequencename as name, last_value::text as value
        from pg_sequences where schemaname in ('public', 'drizzle')`),
    )
    lines.push('', '-- Sequences')
    for (const sequence of sequences) {
      if (sequence.value === null) continue
      const name = `${ident(sequence.schema)}.${ident(sequence.name)}`
      lines.push(`SELECT setval('${name.replace(/'/g, "''")}', ${BigInt(sequence.value)}, true);`)
    }
    lines.push('', 'COMMIT;', '')
    return { script: lines.join('\n'), tables: counts, migrations: migrations.length, leftOut }
  })
}

/** Parents before children, so every INSERT finds the rows its foreign keys point at. */
async function tablesInDependencyOrder(db: Executor): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  ).map((row) => row.name)
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select child.relname as child, parent.relname as parent
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`),
  )
  const ordered: string[] = []
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return
    visiting.add(table)
    for (const edge of edges) if (edge.child === table) visit(edge.parent)
    visiting.delete(table)
    ordered.push(table)
  }
  for (const table of tables) visit(table)
  return ordered
}
