// Small PostgreSQL administration for CI: ping, create, drop (a database and its test copies).
import pg from 'pg';

const [command, adminUrl, name] = process.argv.slice(2);
const quote = (identifier) => `"${identifier.replace(/"/g, '""')}"`;
const withName = (url, database) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

if (command === 'url') {
  console.log(withName(adminUrl, name));
  process.exit(0);
}

const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
} catch (error) {
  if (command === 'ping') process.exit(1);
  throw error;
}
try {
  if (command === 'create') {
    await client.query(`create database ${quote(name)}`);
  } else if (command === 'drop-prefix') {
    const { rows } = await client.query(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [name, `${name}\\_%`],
    );
    for (const row of rows) await client.query(`drop database if exists ${quote(row.datname)} with (force)`);
  } else if (command !== 'ping') {
    throw new Error(`unknown command ${command}`);
  }
} finally {
  await client.end();
}
