# syntax=docker/dockerfile:1
# The demo staff directory (OpenLDAP slapd from Debian, as tools/stack/directory.ts runs it for
# `npm start`): tools/ldap/slapd.conf.template and demo-directory.ldif, loaded on first start.
# For a university's own directory, drop this container and set the gateway's LDAP_* variables.
FROM debian:12.11-slim
RUN echo 'slapd slapd/no_configuration boolean true' | debconf-set-selections \
 && apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slapd ldap-utils \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/clearing-desk/ldap \
 && chown openldap:openldap /var/lib/clearing-desk/ldap
COPY tools/ldap/slapd.conf.template tools/ldap/demo-directory.ldif /opt/clearing-desk/ldap/
COPY docker/ldap-entrypoint.sh /opt/clearing-desk/ldap-entrypoint.sh
# Never root: slapd runs as Debian's openldap user on an unprivileged port.
USER openldap
EXPOSE 3389
VOLUME /var/lib/clearing-desk/ldap
# The root DSE answers an anonymous base search once slapd serves.
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
  CMD ["ldapsearch", "-x", "-H", "ldap://127.0.0.1:3389", "-b", "", "-s", "base", "namingContexts"]
ENTRYPOINT ["sh", "/opt/clearing-desk/ldap-entrypoint.sh"]
