#!/bin/sh
# Renders slapd.conf into the data volume, loads the demo LDIF on first start (slapadd), then runs
# slapd in the foreground on port 3389 (tools/ldap/README.md; tools/stack/directory.ts does the same).
set -eu
data=/var/lib/clearing-desk/ldap
sed "s#@DATA_DIR@#${data}#g" /opt/clearing-desk/ldap/slapd.conf.template > "${data}/slapd.conf"
if [ ! -f "${data}/db/data.mdb" ]; then
  mkdir -p "${data}/db"
  slapadd -f "${data}/slapd.conf" -l /opt/clearing-desk/ldap/demo-directory.ldif
fi
exec slapd -d none -f "${data}/slapd.conf" -h "ldap://0.0.0.0:3389/"
