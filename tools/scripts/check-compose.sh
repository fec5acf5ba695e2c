#!/usr/bin/env bash
# Validates docker/compose.yaml without a Docker engine, run by `npm test`:
#  1. Debian's docker-compose parses it (`config -q`) with placeholder secrets;
#  2. without the secrets it refuses to start, naming the variable (no secret has a default);
#  3. the gateway's TRUST_PROXY is the proxy's address (the pinned network's gateway); Redis
#     demands REDIS_PASSWORD and every REDIS_URL carries it;
#  4. dclint (npm) lints it. Its `require-project-name-field` rule is off: docker-compose 1.29
#     (Debian 12) rejects the top-level `name`; the project name comes from `-p clearing-desk`.
set -euo pipefail
cd "$(dirname "$0")/../.."
compose=docker/compose.yaml

command -v docker-compose >/dev/null || { echo "check-compose: docker-compose is missing (tools/scripts/ensure-system.sh installs it)" >&2; exit 1; }

resolved=$(INTERNAL_TOKEN=placeholder-internal-token SESSION_SECRET=placeholder-session-secret-0123456789abcdef \
LDAP_BIND_PASSWORD=placeholder POSTGRES_PASSWORD=placeholder REDIS_PASSWORD=placeholder \
SMTP_URL=smtp://relay.example:587 MAIL_FROM=clearing@university.example PUBLIC_URL=https://clearing.university.example/ UCAS_INSTITUTION_CODE=Z99 \
  docker-compose -p clearing-desk -f "$compose" config)
echo "check-compose: docker-compose config accepts $compose"

# Behind its proxy the gateway must trust the proxy's X-Forwarded-For, or every
# visitor shares one rate-limit bucket; the proxy's address is the pinned network's gateway.
grep -q 'TRUST_PROXY: 172\.30\.0\.1$' <<<"$resolved" && grep -q 'gateway: 172\.30\.0\.1$' <<<"$resolved" || {
  echo "check-compose: the gateway's TRUST_PROXY is not the proxy's address (the default network's gateway, 172.30.0.1)" >&2
  exit 1
}
echo "check-compose: the gateway trusts the proxy's address only"

# Redis demands a password, and every app's REDIS_URL carries it.
if grep -q 'REDIS_URL: redis://redis' <<<"$resolved" || ! grep -q -- '--requirepass' <<<"$resolved" \
  || [ "$(grep -c 'REDIS_URL: redis://:placeholder@redis:6379' <<<"$resolved")" -lt 4 ]; then
  echo "check-compose: Redis must run with --requirepass \$REDIS_PASSWORD and every REDIS_URL carry it" >&2
  exit 1
fi
echo "check-compose: Redis demands a password and every app's REDIS_URL carries it"

if missing=$(env -u INTERNAL_TOKEN -u SESSION_SECRET -u LDAP_BIND_PASSWORD -u POSTGRES_PASSWORD -u REDIS_PASSWORD \
  docker-compose -p clearing-desk -f "$compose" config -q 2>&1); then
  echo "check-compose: $compose starts without its secrets; every secret must be \${VAR:?message}" >&2
  exit 1
fi
grep -q 'set INTERNAL_TOKEN\|set POSTGRES_PASSWORD\|set SESSION_SECRET\|set LDAP_BIND_PASSWORD\|set REDIS_PASSWORD' <<<"$missing" || {
  echo "check-compose: unexpected refusal without secrets:" >&2
  echo "$missing" >&2
  exit 1
}
echo "check-compose: without its secrets it refuses to start and says which to set"

npx --no-install dclint "$compose" --disable-rule require-project-name-field --max-warnings 0
echo "check-compose: dclint found no problems"
