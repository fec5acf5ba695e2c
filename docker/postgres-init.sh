#!/usr/bin/env bash
# The databases and roles of the product, created once by the postgres image on its first start
# (docker-entrypoint-initdb.d): one database per stateful service (architecture.md "Data"),
# owned by clearing_migrator (DDL: the migration services apply the schema), and clearing_app,
# the services' role (rows only: SELECT, INSERT, UPDATE, DELETE, granted by each migration run).
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" \
  -v migrator_password="$POSTGRES_MIGRATOR_PASSWORD" -v app_password="$POSTGRES_APP_PASSWORD" <<'SQL'
CREATE ROLE clearing_migrator LOGIN PASSWORD :'migrator_password';
CREATE ROLE clearing_app LOGIN PASSWORD :'app_password';
CREATE DATABASE courses OWNER clearing_migrator;
CREATE DATABASE applications OWNER clearing_migrator;
CREATE DATABASE files OWNER clearing_migrator;
CREATE DATABASE scenarios OWNER clearing_migrator;
CREATE DATABASE notifications OWNER clearing_migrator;
SQL
# PostgreSQL 15+: the public schema belongs to the database owner; the services' role may only connect.
for db in courses applications files scenarios notifications; do
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$db" -c 'ALTER SCHEMA public OWNER TO clearing_migrator; REVOKE CREATE ON SCHEMA public FROM PUBLIC;'
done
